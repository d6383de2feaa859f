// The consumer-group pages: list and lag (refreshed every two seconds), reset, delete, settings, dead letters.
import { html, api, enc, ErrorText, LiveChart, Outcomes, resend, usePoll, useState, useEffect } from './core.mjs';

function DeadLetters({ group }) {
  const [dlq, setDlq] = useState(null);
  const [note, setNote] = useState(null);
  const [error, setError] = useState(null);
  const load = () => api('GET', '/api/groups/' + enc(group) + '/dlq').then(setDlq, e => setError(e.message));
  useEffect(() => { load(); }, [group]);
  const again = async m => {
    setError(null); setNote(null);
    try { setNote(await resend(group, m.offsetMsgId)); } catch (e) { setError(e.message); }
  };
  return html`<div><h3>Dead letters${dlq && html` (${dlq.total})`}</h3>
    <${ErrorText} error=${error} />${note && html`<p id="resend-result">${note}</p>`}
    ${dlq && html`<table id="dlq-list"><thead><tr><th>Message id</th><th>First topic</th><th>Stored</th>
      <th>Body</th><th></th></tr></thead><tbody>${dlq.messages.map(m => html`<tr data-msg=${m.offsetMsgId}>
      <td>${m.msgId || m.offsetMsgId}</td><td>${(m.properties || {}).RETRY_TOPIC || m.topic}</td>
      <td>${new Date(m.storeTimestamp).toLocaleString()}</td>
      <td>${m.bodyText === null ? '(binary)' : m.bodyText.slice(0, 80)}</td>
      <td><button class="resend" onClick=${() => again(m)}>Resend</button></td></tr>`)}</tbody></table>`}
  </div>`;
}

/** Reset the group's offsets (to earliest, latest or a time) and delete the group. */
function GroupActions({ group, topics, gone }) {
  const [to, setTo] = useState('latest');
  const [time, setTime] = useState('');
  const [topic, setTopic] = useState('');
  const [note, setNote] = useState(null);
  const [error, setError] = useState(null);
  const [outcome, setOutcome] = useState(null);
  const reset = async () => {
    setError(null); setNote(null); setOutcome(null);
    const body = { to };
    if (topic) body.topic = topic;
    if (to === 'time') body.timestamp = new Date(time).getTime();
    try {
      const r = await api('POST', '/api/groups/' + enc(group) + '/reset', body);
      setNote('Reset ' + r.topics.map(t => t.topic + (t.consumersNotified ? '' : ' (no consumer online: stored)')
        + (t.failed ? ' (' + t.failed + ' broker(s) failed)' : '')).join(', '));
      setOutcome({ brokers: r.topics.flatMap(t => t.brokers.map(b => ({ ...b, brokerName: b.brokerName + ' ' + t.topic }))) });
    } catch (e) { setError(e.message); }
  };
  const remove = async () => {
    if (!confirm('Delete consumer group ' + group + ' and its offsets?')) return;
    setError(null); setOutcome(null);
    try {
      const r = await api('DELETE', '/api/groups/' + enc(group));
      if (r.failed) setOutcome(r); else gone();
    } catch (e) { setError(e.message); }
  };
  return html`<div class="row" id="group-actions">
    <select id="reset-topic" value=${topic} onChange=${e => setTopic(e.target.value)}>
      <option value="">every topic</option>${topics.map(t => html`<option>${t}</option>`)}</select>
    <select id="reset-to" value=${to} onChange=${e => setTo(e.target.value)}>
      <option value="earliest">to earliest</option><option value="latest">to latest</option>
      <option value="time">to a time</option></select>
    ${to === 'time' && html`<input id="reset-time" type="datetime-local" step="1" value=${time}
      onInput=${e => setTime(e.target.value)} />`}
    <button id="reset-offsets" onClick=${reset}>Reset offsets</button>
    <button id="delete-group" class="grow" onClick=${remove}>Delete group</button>
    ${note && html`<span id="reset-note" class="muted">${note}</span>`}<${ErrorText} error=${error} />
    <${Outcomes} answer=${outcome} id="group-outcomes" />
  </div>`;
}

const FLAGS = [['consumeEnable', 'consume enabled'], ['consumeMessageOrderly', 'orderly (FIFO)'],
  ['consumeBroadcastEnable', 'broadcast allowed'], ['consumeFromMinEnable', 'new group from the first offset']];

/** The subscription group config's flags and counts, and each topic's consume mode (PULL or POP). */
function GroupSettings({ group, topics }) {
  const [s, setS] = useState(null);
  const [modeTopic, setModeTopic] = useState('');
  const [mode, setMode] = useState('POP');
  const [note, setNote] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => { api('GET', '/api/groups/' + enc(group) + '/settings').then(setS, e => setError(e.message)); }, [group]);
  if (!s) return html`<${ErrorText} error=${error} />`;
  const save = async () => {
    setError(null); setNote(null);
    const body = {};
    FLAGS.forEach(([k]) => { body[k] = s[k]; });
    ['retryQueueNums', 'retryMaxTimes', 'consumeTimeoutMinute'].forEach(k => { body[k] = Number(s[k]); });
    if (modeTopic) body.modes = [{ topic: modeTopic, mode, popShareQueueNum: 0 }];
    try { setS(await api('PUT', '/api/groups/' + enc(group) + '/settings', body)); setNote('Saved'); }
    catch (e) { setError(e.message); }
  };
  const number = (k, label) => html`<label>${label} <input id=${'set-' + k} type="number" style="width:5em"
    value=${s[k]} onInput=${e => setS({ ...s, [k]: e.target.value })} /></label>`;
  return html`<div id="group-settings"><h3>Settings</h3>
    <div class="row">${FLAGS.map(([k, label]) => html`<label><input type="checkbox" id=${'set-' + k}
      checked=${s[k]} onChange=${e => setS({ ...s, [k]: e.target.checked })} /> ${label}</label>`)}</div>
    <div class="row">${number('retryQueueNums', 'retry queues')} ${number('retryMaxTimes', 'max retries')}
      ${number('consumeTimeoutMinute', 'consume timeout (min)')}</div>
    <div class="row">Consume mode: ${s.modes.length === 0 ? 'PULL on every topic' : s.modes.map(m => m.topic + ' ' + m.mode).join(', ')}
      <select id="mode-topic" value=${modeTopic} onChange=${e => setModeTopic(e.target.value)}>
        <option value="">(keep)</option>${topics.map(t => html`<option>${t}</option>`)}</select>
      <select id="mode" value=${mode} onChange=${e => setMode(e.target.value)}><option>POP</option><option>PULL</option></select>
      <button id="save-settings" onClick=${save}>Save settings</button>
      ${note && html`<span id="settings-note" class="muted">${note}${s.failed ? ', ' + s.failed + ' broker(s) failed' : ''}</span>`}</div>
    <${Outcomes} answer=${s} id="settings-outcomes" />
    <${ErrorText} error=${error} />
  </div>`;
}

function GroupDetail({ group, gone }) {
  const [detail, setDetail] = useState(null);
  const [error, setError] = useState(null);
  usePoll(() => api('GET', '/api/groups/' + enc(group)).then(d => { setDetail(d); setError(null); },
    e => setError(e.message)), 2000, [group]);
  if (!detail) return html`<${ErrorText} error=${error} />`;
  const topics = [...new Set(detail.queues.map(q => q.topic))].filter(t => !t.startsWith('%RETRY%'));
  return html`<div class="card" id="group-detail"><h2>${detail.group}</h2>
    <p>Total lag <b id="group-lag">${detail.totalLag}</b></p>
    <${LiveChart} key=${group} id="group-lag-chart" height=${140}
      series=${[{ label: 'lag of ' + group, stroke: '#dc2626', pick: m => m.lag[group] || 0 }]} />
    <${ErrorText} error=${error} />
    <table><thead><tr><th>Topic</th><th>Queue</th><th>Broker offset</th><th>Consumer offset</th>
    <th>Lag</th></tr></thead><tbody>${detail.queues.map(q => html`<tr><td>${q.topic}</td>
    <td>${q.queueId}</td><td>${q.brokerOffset}</td><td>${q.consumerOffset}</td><td>${q.lag}</td>
    </tr>`)}</tbody></table>
    <h3>Clients</h3><ul id="group-clients">${detail.clients.map(c => html`<li>${c.clientId} (${c.address})</li>`)}</ul>
    <p class="muted">Subscriptions: ${Object.entries(detail.subscriptions).map(([t, e]) => t + ' ' + e).join(', ') || 'none'}</p>
    <${GroupActions} group=${group} topics=${topics} gone=${gone} />
    <${GroupSettings} group=${group} topics=${topics} />
    <${DeadLetters} group=${group} />
  </div>`;
}

export function Groups() {
  const [groups, setGroups] = useState([]);
  const [open, setOpen] = useState(null);
  const [error, setError] = useState(null);
  usePoll(() => api('GET', '/api/groups').then(setGroups, e => setError(e.message)), 2000, []);
  return html`<div>
    <${ErrorText} error=${error} />
    <table id="group-list"><thead><tr><th>Group</th><th>Clients</th><th>Lag</th></tr></thead>
    <tbody>${groups.map(g => html`<tr data-group=${g.group}><td><a href="#" onClick=${e => { e.preventDefault(); setOpen(g.group); }}>
      ${g.group}</a></td><td>${g.clients}</td><td class="lag">${g.totalLag}</td></tr>`)}</tbody></table>
    ${open && html`<${GroupDetail} key=${open} group=${open} gone=${() => setOpen(null)} />`}
  </div>`;
}
