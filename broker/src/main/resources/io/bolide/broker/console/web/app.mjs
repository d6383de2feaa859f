// The Bolide console (#35): one page, plain ES modules, every file served by the broker.
import { h, render } from './vendor/preact.mjs';
import { useState, useEffect, useRef } from './vendor/preact-hooks.mjs';
import htm from './vendor/htm.mjs';
import uPlot from './vendor/uplot.mjs';

const html = htm.bind(h);

/** Calls the console's JSON API; a refusal throws its error text. */
async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers['Content-Type'] = 'application/json';
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json();
  if (response.status === 401 && path !== '/api/login') window.dispatchEvent(new Event('bolide-logged-out'));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function useTheme() {
  const [theme, setTheme] = useState(localStorage.getItem('bolide-theme') || 'light');
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    localStorage.setItem('bolide-theme', theme);
  }, [theme]);
  return [theme, () => setTheme(theme === 'dark' ? 'light' : 'dark')];
}

function ErrorText({ error }) {
  return error ? html`<p class="error" id="error">${error}</p>` : null;
}

/** Produce and consume TPS, polled every two seconds, the last five minutes kept. */
function TpsChart() {
  const box = useRef(null);
  useEffect(() => {
    const data = [[], [], []];
    const width = Math.max(300, box.current.clientWidth);
    const plot = new uPlot({
      width, height: 220,
      series: [{}, { label: 'produce TPS', stroke: '#2563eb' }, { label: 'consume TPS', stroke: '#16a34a' }],
      axes: [{ stroke: 'currentColor' }, { stroke: 'currentColor' }],
    }, data, box.current);
    const poll = async () => {
      try {
        const tps = await api('GET', '/api/tps');
        data[0].push(tps.timestamp / 1000); data[1].push(tps.putTps); data[2].push(tps.getTps);
        if (data[0].length > 150) data.forEach(series => series.shift());
        plot.setData(data);
      } catch (e) { /* the next poll tries again */ }
    };
    poll();
    const timer = setInterval(poll, 2000);
    return () => { clearInterval(timer); plot.destroy(); };
  }, []);
  return html`<div ref=${box} id="tps-chart"></div>`;
}

function Cluster() {
  const [cluster, setCluster] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => { api('GET', '/api/cluster').then(setCluster, e => setError(e.message)); }, []);
  return html`<div>
    <${ErrorText} error=${error} />
    ${cluster && html`<div class="card">
      <h2>This broker, cluster ${cluster.clusterName}</h2>
      <p class="muted">Name servers: ${cluster.nameServers.join(', ') || 'none'}</p>
      <table><thead><tr><th>Broker</th><th>Id</th><th>Role</th><th>Address</th><th>Version</th>
        <th>Disk used</th><th>Produce TPS (1 min)</th><th>Consume TPS (1 min)</th></tr></thead>
      <tbody>${cluster.brokers.map(b => html`<tr>
        <td>${b.brokerName}</td><td>${b.brokerId}</td><td>${b.role}</td><td>${b.address}</td>
        <td>${b.version}</td><td>${(b.disk.usedRatio * 100).toFixed(1)}%</td>
        <td>${b.tps.putTps60.toFixed(1)}</td><td>${b.tps.getTps60.toFixed(1)}</td></tr>`)}</tbody></table>
    </div>`}
    ${cluster && html`<${BrokerGroups} cluster=${cluster} />`}
    <div class="card"><h2>Traffic</h2><${TpsChart} /></div>
  </div>`;
}

const fixed = (n, digits) => (n === null || n === undefined ? '-' : Number(n).toFixed(digits));

/** Every broker group the name server knows, each member's role and what it reports of itself. */
function BrokerGroups({ cluster }) {
  const rows = (cluster.clusters || []).flatMap(c => c.groups.flatMap(g => g.members.map(m =>
    ({ cluster: c.clusterName, brokerName: g.brokerName, ...m }))));
  return html`<div class="card"><h2>Broker groups</h2>
    <p class="muted">As name server ${cluster.nameServer || '-'} reports them.</p>
    ${cluster.error && html`<p class="error">${cluster.error}</p>`}
    <table id="broker-groups"><thead><tr><th>Cluster</th><th>Broker group</th><th>Id</th><th>Role</th>
      <th>Address</th><th>Version</th><th>Disk used</th><th>Produce TPS</th><th>Consume TPS</th></tr></thead>
    <tbody>${rows.map(r => html`<tr data-member=${r.brokerName + '/' + r.brokerId}><td>${r.cluster}</td>
      <td>${r.brokerName}</td><td>${r.brokerId}</td><td>${r.role}</td><td>${r.address}</td>
      <td>${r.error ? html`<span class="error" title=${r.error}>no answer</span>` : r.version}</td>
      <td>${r.diskRatio === null || r.diskRatio === undefined ? '-' : fixed(r.diskRatio * 100, 1) + '%'}</td>
      <td>${fixed(r.putTps, 1)}</td><td>${fixed(r.getTps, 1)}</td></tr>`)}</tbody></table>
  </div>`;
}

/** Every dead-letter queue of the broker, with a resend of all of a group's dead letters. */
function DeadLetterQueues() {
  const [queues, setQueues] = useState([]);
  const [error, setError] = useState(null);
  const [note, setNote] = useState(null);
  const load = () => api('GET', '/api/dlq').then(setQueues, e => setError(e.message));
  useEffect(() => { load(); }, []);
  const resendAll = async q => {
    if (!confirm('Resend all ' + q.total + ' dead letters of ' + q.group + '?')) return;
    setError(null); setNote(null);
    try {
      const r = await api('POST', '/api/groups/' + encodeURIComponent(q.group) + '/dlq/resend');
      setNote('Resent ' + r.resent + ' of ' + r.total + ' to ' + r.clientId
        + (r.failed ? ' (' + r.failed + ' not consumed)' : ''));
    } catch (e) { setError(e.message); }
  };
  return html`<div>
    <${ErrorText} error=${error} />${note && html`<p id="resend-all-result">${note}</p>`}
    <table id="dlq-queues"><thead><tr><th>Group</th><th>Dead-letter topic</th><th>Messages</th>
      <th>Last stored</th><th></th></tr></thead>
    <tbody>${queues.map(q => html`<tr data-dlq=${q.group}><td>${q.group}</td><td>${q.topic}</td>
      <td>${q.total}</td><td>${q.lastStoreTimestamp ? new Date(q.lastStoreTimestamp).toLocaleString() : '-'}</td>
      <td><button class="resend-all" onClick=${() => resendAll(q)} disabled=${q.total === 0}>Resend all</button></td>
      </tr>`)}</tbody></table>
    ${queues.length === 0 && html`<p class="muted">No dead-letter queues.</p>`}
  </div>`;
}

function Topics({ open }) {
  const [topics, setTopics] = useState([]);
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [queues, setQueues] = useState(4);
  const [error, setError] = useState(null);
  const load = () => api('GET', '/api/topics?search=' + encodeURIComponent(search))
    .then(setTopics, e => setError(e.message));
  useEffect(() => { load(); }, [search]);
  const create = async () => {
    setError(null);
    try {
      const n = Number(queues);
      await api('POST', '/api/topics', { topic: name, readQueueNums: n, writeQueueNums: n });
      setName(''); load();
    } catch (e) { setError(e.message); }
  };
  const remove = async topic => {
    if (!confirm('Delete topic ' + topic + '?')) return;
    try { await api('DELETE', '/api/topics/' + encodeURIComponent(topic)); load(); }
    catch (e) { setError(e.message); }
  };
  return html`<div>
    <div class="card row">
      <input id="new-topic" placeholder="new topic" value=${name} onInput=${e => setName(e.target.value)} />
      <label>queues <input id="new-queues" type="number" min="1" value=${queues}
        onInput=${e => setQueues(e.target.value)} style="width:5em" /></label>
      <button id="create-topic" onClick=${create}>Create</button>
      <input class="grow" placeholder="search" value=${search} onInput=${e => setSearch(e.target.value)} />
    </div>
    <${ErrorText} error=${error} />
    <table id="topic-list"><thead><tr><th>Topic</th><th>Queues (r/w)</th><th>Perm</th><th>Type</th>
      <th>Produce TPS</th><th></th></tr></thead>
    <tbody>${topics.map(t => html`<tr data-topic=${t.topic}>
      <td><a href="#" onClick=${e => { e.preventDefault(); open(t.topic); }}>${t.topic}</a>
        ${t.system && html` <span class="muted">system</span>`}</td>
      <td>${t.readQueueNums}/${t.writeQueueNums}</td><td>${t.perm}</td><td>${t.messageType}</td>
      <td>${t.putTps}</td>
      <td>${!t.system && html`<button onClick=${() => remove(t.topic)}>Delete</button>`}</td></tr>`)}
    </tbody></table>
  </div>`;
}

function TopicStatus({ topic, back }) {
  const [status, setStatus] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => {
    api('GET', '/api/topics/' + encodeURIComponent(topic)).then(setStatus, e => setError(e.message));
  }, [topic]);
  return html`<div class="card">
    <button onClick=${back}>← Topics</button>
    <h2>${topic}</h2><${ErrorText} error=${error} />
    ${status && html`<table><thead><tr><th>Queue</th><th>Min offset</th><th>Max offset</th>
      <th>Last stored</th></tr></thead><tbody>${status.queues.map(q => html`<tr>
      <td>${q.queueId}</td><td>${q.minOffset}</td><td>${q.maxOffset}</td>
      <td>${q.lastUpdateTimestamp ? new Date(q.lastUpdateTimestamp).toLocaleString() : '-'}</td>
      </tr>`)}</tbody></table>`}
  </div>`;
}

/** Resends one stored message to a group: one online client consumes it now (CONSUME_MESSAGE_DIRECTLY). */
async function resend(group, offsetMsgId) {
  const answer = await api('POST', '/api/groups/' + encodeURIComponent(group) + '/resend', { offsetMsgId });
  const result = answer.result || {};
  return 'Resent to ' + answer.clientId + ': ' + (result.consumeResult || 'no result')
    + (result.remark ? ' (' + result.remark + ')' : '');
}

function DeadLetters({ group }) {
  const [dlq, setDlq] = useState(null);
  const [note, setNote] = useState(null);
  const [error, setError] = useState(null);
  const load = () => api('GET', '/api/groups/' + encodeURIComponent(group) + '/dlq').then(setDlq, e => setError(e.message));
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

function Groups() {
  const [groups, setGroups] = useState([]);
  const [detail, setDetail] = useState(null);
  const [error, setError] = useState(null);
  useEffect(() => { api('GET', '/api/groups').then(setGroups, e => setError(e.message)); }, []);
  const open = g => { setError(null); api('GET', '/api/groups/' + encodeURIComponent(g)).then(setDetail, e => setError(e.message)); };
  return html`<div>
    <${ErrorText} error=${error} />
    <table id="group-list"><thead><tr><th>Group</th><th>Clients</th><th>Lag</th></tr></thead>
    <tbody>${groups.map(g => html`<tr data-group=${g.group}><td><a href="#" onClick=${e => { e.preventDefault(); open(g.group); }}>
      ${g.group}</a></td><td>${g.clients}</td><td>${g.totalLag}</td></tr>`)}</tbody></table>
    ${detail && html`<div class="card" id="group-detail"><h2>${detail.group}</h2>
      <table><thead><tr><th>Topic</th><th>Queue</th><th>Broker offset</th><th>Consumer offset</th>
      <th>Lag</th></tr></thead><tbody>${detail.queues.map(q => html`<tr><td>${q.topic}</td>
      <td>${q.queueId}</td><td>${q.brokerOffset}</td><td>${q.consumerOffset}</td><td>${q.lag}</td>
      </tr>`)}</tbody></table>
      <h3>Clients</h3><ul>${detail.clients.map(c => html`<li>${c.clientId} (${c.address})</li>`)}</ul>
      <${DeadLetters} group=${detail.group} />
    </div>`}
  </div>`;
}

function Message({ m }) {
  const [hex, setHex] = useState(false);
  const [group, setGroup] = useState('');
  const [note, setNote] = useState(null);
  const again = async () => {
    try { setNote(await resend(group, m.offsetMsgId)); } catch (e) { setNote(e.message); }
  };
  return html`<div class="card message">
    <div class="row"><b>${m.msgId || m.offsetMsgId}</b><span class="muted">${m.topic} queue ${m.queueId}
      offset ${m.queueOffset}, stored ${new Date(m.storeTimestamp).toLocaleString()}</span>
      <button class="grow" onClick=${() => setHex(!hex)}>${hex ? 'text' : 'hex'}</button></div>
    <pre class="body">${hex || m.bodyText === null ? m.bodyHex : m.bodyText}</pre>
    <details><summary>Properties</summary><pre>${JSON.stringify(m.properties, null, 2)}</pre></details>
    <div class="row"><input class="resend-group" placeholder="consumer group" value=${group}
      onInput=${e => setGroup(e.target.value)} />
      <button class="resend-message" onClick=${again}>Resend to group</button>
      ${note && html`<span class="resend-note">${note}</span>`}</div>
  </div>`;
}

function Messages() {
  const [topic, setTopic] = useState('');
  const [key, setKey] = useState('');
  const [body, setBody] = useState('');
  const [found, setFound] = useState([]);
  const [sent, setSent] = useState(null);
  const [error, setError] = useState(null);
  const send = async () => {
    setError(null);
    try {
      setSent(await api('POST', '/api/topics/' + encodeURIComponent(topic) + '/messages',
        { body, keys: key || undefined }));
    } catch (e) { setError(e.message); }
  };
  const find = async () => {
    setError(null);
    try {
      const query = key.length === 32 && /^[0-9A-Fa-f]+$/.test(key) && !topic
        ? [await api('GET', '/api/messages/' + key)]
        : await api('GET', '/api/messages?topic=' + encodeURIComponent(topic) + '&key=' + encodeURIComponent(key));
      setFound(query);
    } catch (e) { setError(e.message); }
  };
  return html`<div>
    <div class="card">
      <div class="row"><input id="msg-topic" placeholder="topic" value=${topic} onInput=${e => setTopic(e.target.value)} />
        <input id="msg-key" placeholder="key or message id" value=${key} onInput=${e => setKey(e.target.value)} />
        <button id="find" onClick=${find}>Find</button></div>
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

/** The ACL 2.0 login: the secret goes to /api/login once and is cleared from the page. */
function Login({ done }) {
  const [user, setUser] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState(null);
  const submit = async e => {
    e.preventDefault();
    setError(null);
    try {
      const who = await api('POST', '/api/login', { accessKey: user, secretKey: secret });
      setSecret('');
      done(who);
    } catch (err) { setSecret(''); setError(err.message); }
  };
  return html`<form class="card login" onSubmit=${submit}>
    <h2>Log in</h2>
    <p class="muted">Authentication is on: use an ACL 2.0 user's access key and secret key.</p>
    <div class="row"><input id="login-user" placeholder="access key" autocomplete="username"
      value=${user} onInput=${e => setUser(e.target.value)} />
    <input id="login-secret" type="password" placeholder="secret key" autocomplete="current-password"
      value=${secret} onInput=${e => setSecret(e.target.value)} />
    <button id="login-submit" type="submit">Log in</button></div>
    <${ErrorText} error=${error} />
  </form>`;
}

function Users() {
  const [users, setUsers] = useState([]);
  const [acls, setAcls] = useState([]);
  const [name, setName] = useState('');
  const [secret, setSecret] = useState('');
  const [type, setType] = useState('Normal');
  const [subject, setSubject] = useState('');
  const [resource, setResource] = useState('');
  const [actions, setActions] = useState('Pub,Sub,Get');
  const [decision, setDecision] = useState('Allow');
  const [error, setError] = useState(null);
  const [note, setNote] = useState(null);
  const load = () => {
    api('GET', '/api/users').then(setUsers, e => setError(e.message));
    api('GET', '/api/acls').then(setAcls, e => setError(e.message));
  };
  useEffect(load, []);
  const run = async (what, call) => {
    setError(null); setNote(null);
    try { await call(); setNote(what); load(); } catch (e) { setError(e.message); }
  };
  const create = () => run('User ' + name + ' created', async () => {
    await api('POST', '/api/users', { username: name, password: secret, userType: type });
    setName(''); setSecret('');
  });
  const toggle = u => run('User ' + u.username + ' updated', () => api('PUT',
    '/api/users/' + encodeURIComponent(u.username),
    { userStatus: u.userStatus === 'disable' ? 'enable' : 'disable' }));
  const removeUser = u => confirm('Delete user ' + u.username + '?') && run('User ' + u.username + ' deleted',
    () => api('DELETE', '/api/users/' + encodeURIComponent(u.username)));
  const savePolicy = () => run('Policy of ' + subject + ' saved', () => api('PUT',
    '/api/acls/' + encodeURIComponent(subject),
    { entries: [{ resource, actions: actions.split(',').map(a => a.trim()).filter(a => a), decision }] }));
  const removeEntry = (acl, entry) => run('Entry removed', () => api('DELETE',
    '/api/acls/' + encodeURIComponent(acl.subject) + '?resource=' + encodeURIComponent(entry.resource)));
  return html`<div>
    <${ErrorText} error=${error} />${note && html`<p id="note" class="muted">${note}</p>`}
    <div class="card"><h2>Users</h2>
      <div class="row"><input id="new-user" placeholder="access key (user name)" value=${name}
        onInput=${e => setName(e.target.value)} />
      <input id="new-user-secret" type="password" placeholder="secret key" autocomplete="new-password"
        value=${secret} onInput=${e => setSecret(e.target.value)} />
      <select id="new-user-type" value=${type} onChange=${e => setType(e.target.value)}>
        <option>Normal</option><option>Super</option></select>
      <button id="create-user" onClick=${create}>Create user</button></div>
      <table id="user-list"><thead><tr><th>User</th><th>Type</th><th>Status</th><th></th></tr></thead>
      <tbody>${users.map(u => html`<tr data-user=${u.username}><td>${u.username}</td><td>${u.userType}</td>
        <td>${u.userStatus}</td><td><button onClick=${() => toggle(u)}>${u.userStatus === 'disable' ? 'Enable' : 'Disable'}</button>
        <button onClick=${() => removeUser(u)}>Delete</button></td></tr>`)}</tbody></table>
    </div>
    <div class="card"><h2>ACL policies</h2>
      <p class="muted">Resource: Topic:NAME, Group:NAME, Cluster:NAME, a prefix such as Topic:order*, or *.
        Actions: Pub, Sub, Create, Update, Delete, Get, List, All.</p>
      <div class="row"><input id="acl-user" placeholder="user" value=${subject} onInput=${e => setSubject(e.target.value)} />
      <input id="acl-resource" placeholder="Topic:orders" value=${resource} onInput=${e => setResource(e.target.value)} />
      <input id="acl-actions" placeholder="Pub,Sub" value=${actions} onInput=${e => setActions(e.target.value)} />
      <select id="acl-decision" value=${decision} onChange=${e => setDecision(e.target.value)}>
        <option>Allow</option><option>Deny</option></select>
      <button id="save-acl" onClick=${savePolicy}>Save entry</button></div>
      <table id="acl-list"><thead><tr><th>Subject</th><th>Policy</th><th>Resource</th><th>Actions</th>
        <th>Sources</th><th>Decision</th><th></th></tr></thead>
      <tbody>${acls.flatMap(a => a.policies.flatMap(p => p.entries.map(e => html`<tr
        data-acl=${a.subject + ' ' + e.resource}><td>${a.subject}</td><td>${p.policyType}</td><td>${e.resource}</td>
        <td>${e.actions.join(', ')}</td><td>${(e.sourceIps || []).join(', ') || 'any'}</td><td>${e.decision}</td>
        <td><button onClick=${() => removeEntry(a, e)}>Delete</button></td></tr>`)))}</tbody></table>
    </div>
  </div>`;
}

function App() {
  const [theme, toggle] = useTheme();
  const [session, setSession] = useState(null);
  useEffect(() => {
    const check = () => api('GET', '/api/session').then(setSession, () => setSession({ loginRequired: true }));
    check();
    const lost = () => setSession(s => s && s.loginRequired ? { loginRequired: true } : s);
    window.addEventListener('bolide-logged-out', lost);
    return () => window.removeEventListener('bolide-logged-out', lost);
  }, []);
  const [page, setPage] = useState(location.hash.slice(1) || 'cluster');
  const [topic, setTopic] = useState(null);
  const go = p => { setPage(p); setTopic(null); location.hash = p; };
  const tab = (p, label) => html`<button id=${'nav-' + p} class=${page === p ? 'on' : ''}
    onClick=${() => go(p)}>${label}</button>`;
  const themeButton = html`<button class="grow" id="theme" onClick=${toggle}>${theme === 'dark' ? 'Light' : 'Dark'} theme</button>`;
  if (session === null) return html`<main><p class="muted">Loading…</p></main>`;
  if (session.loginRequired && !session.user) {
    return html`<header><h1>Bolide</h1>${themeButton}</header>
      <main><${Login} done=${setSession} /></main>`;
  }
  const logout = async () => { try { await api('POST', '/api/logout'); } finally { setSession({ loginRequired: true }); } };
  return html`<header><h1>Bolide</h1><nav>${tab('cluster', 'Cluster')} ${tab('topics', 'Topics')}
    ${tab('groups', 'Consumer groups')} ${tab('dlq', 'Dead letters')} ${tab('messages', 'Messages')}
    ${tab('users', 'Users and ACL')}</nav>
    ${themeButton}
    ${session.user && html`<span id="who" class="muted">${session.user} (${session.userType})</span>
      <button id="logout" onClick=${logout}>Log out</button>`}</header>
    <main key=${session.user || ''}>
      ${page === 'cluster' && html`<${Cluster} />`}
      ${page === 'topics' && (topic ? html`<${TopicStatus} topic=${topic} back=${() => setTopic(null)} />`
        : html`<${Topics} open=${setTopic} />`)}
      ${page === 'groups' && html`<${Groups} />`}
      ${page === 'dlq' && html`<${DeadLetterQueues} />`}
      ${page === 'messages' && html`<${Messages} />`}
      ${page === 'users' && html`<${Users} />`}
    </main>`;
}

document.getElementById('app').textContent = '';
render(html`<${App} />`, document.getElementById('app'));
