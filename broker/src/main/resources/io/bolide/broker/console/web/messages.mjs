// The messages page: find by key, id or time range; a body shown as text, hex or JSON; its trace; send and resend.
import { html, api, enc, ErrorText, resend, useState } from './core.mjs';

/** The body as JSON pretty-printed when it parses, else null. */
export function prettyJson(text) {
  if (text === null || text === undefined) return null;
  try { return JSON.stringify(JSON.parse(text), null, 2); } catch (e) { return null; }
}

const TRACE_STEPS = { Pub: 'sent', SubBefore: 'delivered', SubAfter: 'consumed', EndTransaction: 'transaction ended', Recall: 'recalled' };
const outcome = r => (r.success === null || r.success === undefined ? '' : r.success ? 'ok' : 'failed');
const when = t => (t >= 0 ? new Date(t).toLocaleString() : '-');

/** What the clients' trace records say happened to the message; loaded each time it opens. */
function Trace({ msgId }) {
  const [trace, setTrace] = useState(null);
  const [error, setError] = useState(null);
  const load = async e => {
    if (!e.target.open) return;
    setError(null);
    try { setTrace(await api('GET', '/api/messages/' + enc(msgId) + '/trace')); } catch (x) { setError(x.message); }
  };
  const row = r => html`<tr class=${'trace-' + r.type}><td>${TRACE_STEPS[r.type] || r.type}</td><td>${when(r.timestamp)}</td>
    <td>${r.group || ''}</td><td>${r.storeHost || r.clientHost || ''}</td>
    <td>${r.costMillis >= 0 ? r.costMillis + ' ms' : ''}</td><td>${outcome(r)}${r.transactionState ? ' ' + r.transactionState : ''}
    ${r.retryTimes > 0 ? ' retry ' + r.retryTimes : ''}</td></tr>`;
  return html`<details class="trace" onToggle=${load}><summary>Trace</summary>
    <${ErrorText} error=${error} />
    ${trace && (trace.records.length === 0
      ? html`<p class="muted">No trace records in ${trace.traceTopic} (message trace off in the clients?).</p>`
      : html`<table class="trace-records"><tr><th>step</th><th>time</th><th>group</th><th>host</th><th>took</th><th>outcome</th></tr>
        ${trace.records.map(row)}</table>`)}
    ${trace && trace.unreadable > 0 && html`<p class="muted">${trace.unreadable} trace records could not be read.</p>`}
  </details>`;
}

function Message({ m }) {
  const json = prettyJson(m.bodyText);
  const [view, setView] = useState(json !== null ? 'json' : m.bodyText === null ? 'hex' : 'text');
  const [group, setGroup] = useState('');
  const [note, setNote] = useState(null);
  const again = async () => {
    try { setNote(await resend(group, m.offsetMsgId)); } catch (e) { setNote(e.message); }
  };
  const shown = view === 'json' ? json : view === 'hex' ? m.bodyHex : m.bodyText;
  const tab = (v, label, usable) => html`<button class=${'view-' + v + (view === v ? ' on' : '')}
    disabled=${!usable} onClick=${() => setView(v)}>${label}</button>`;
  return html`<div class="card message">
    <div class="row"><b>${m.msgId || m.offsetMsgId}</b><span class="muted">${m.topic} queue ${m.queueId},
      offset ${m.queueOffset}, stored ${new Date(m.storeTimestamp).toLocaleString()}${m.keys ? ', keys ' + m.keys : ''}
      ${m.tags ? ', tags ' + m.tags : ''}, ${m.bodyLength} bytes${m.bodyTruncated ? ' (cut)' : ''}</span>
      <span class="grow">${tab('text', 'text', m.bodyText !== null)} ${tab('hex', 'hex', true)} ${tab('json', 'JSON', json !== null)}</span></div>
    <pre class=${'body body-' + view}>${shown}</pre>
    <details><summary>Properties</summary><pre>${JSON.stringify(m.properties, null, 2)}</pre></details>
    ${m.msgId && html`<${Trace} msgId=${m.msgId} />`}
    <div class="row"><input class="resend-group" placeholder="consumer group" value=${group}
      onInput=${e => setGroup(e.target.value)} />
      <button class="resend-message" onClick=${again}>Resend to group</button>
      ${note && html`<span class="resend-note">${note}</span>`}</div>
  </div>`;
}

const millis = local => (local ? new Date(local).getTime() : null);

export function Messages() {
  const [topic, setTopic] = useState('');
  const [key, setKey] = useState('');
  const [begin, setBegin] = useState('');
  const [end, setEnd] = useState('');
  const [body, setBody] = useState('');
  const [found, setFound] = useState([]);
  const [sent, setSent] = useState(null);
  const [error, setError] = useState(null);
  const send = async () => {
    setError(null);
    try {
      setSent(await api('POST', '/api/topics/' + enc(topic) + '/messages', { body, keys: key || undefined }));
    } catch (e) { setError(e.message); }
  };
  const run = async query => {
    setError(null);
    try { setFound(await query()); } catch (e) { setError(e.message); }
  };
  const find = () => run(async () => (key.length === 32 && /^[0-9A-Fa-f]+$/.test(key) && !topic
    ? [await api('GET', '/api/messages/' + key)]
    : api('GET', '/api/messages?topic=' + enc(topic) + '&key=' + enc(key))));
  const inRange = () => run(() => {
    const from = millis(begin) ?? 0;
    const to = millis(end);
    return api('GET', '/api/messages?topic=' + enc(topic) + '&begin=' + from + (to === null ? '' : '&end=' + to));
  });
  return html`<div>
    <div class="card">
      <div class="row"><input id="msg-topic" placeholder="topic" value=${topic} onInput=${e => setTopic(e.target.value)} />
        <input id="msg-key" placeholder="key or message id" value=${key} onInput=${e => setKey(e.target.value)} />
        <button id="find" onClick=${find}>Find</button></div>
      <div class="row">Stored from <input id="msg-begin" type="datetime-local" step="1" value=${begin}
        onInput=${e => setBegin(e.target.value)} /> to <input id="msg-end" type="datetime-local" step="1"
        value=${end} onInput=${e => setEnd(e.target.value)} />
        <button id="find-range" onClick=${inRange}>Find in time range</button>
        <span class="muted">the oldest 32 of the topic's queues</span></div>
      <div class="row"><textarea id="msg-body" placeholder="test message body" rows="2" cols="50"
        value=${body} onInput=${e => setBody(e.target.value)}></textarea>
        <button id="send" onClick=${send}>Send test message</button></div>
      ${sent && html`<p id="sent">Sent ${sent.msgId} to queue ${sent.queueId} at offset ${sent.queueOffset}</p>`}
    </div>
    <${ErrorText} error=${error} />
    <div id="results">${found.map(m => html`<${Message} m=${m} />`)}
      ${found.length === 0 && html`<p class="muted">No messages shown.</p>`}</div>
  </div>`;
}
