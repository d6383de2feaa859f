// The Bolide console (#35): one page, plain ES modules, every file served by the broker.
import { render } from './vendor/preact.mjs';
import { html, api, enc, ErrorText, LiveChart, Outcomes, fixed, useState, useEffect } from './core.mjs';
import { Groups } from './groups.mjs';
import { Messages } from './messages.mjs';
import { Login, Users } from './users.mjs';
import { Replication } from './ha.mjs';

function useTheme() {
  const [theme, setTheme] = useState(localStorage.getItem('bolide-theme') || 'light');
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    localStorage.setItem('bolide-theme', theme);
  }, [theme]);
  return [theme, () => setTheme(theme === 'dark' ? 'light' : 'dark')];
}

const MIB = 1024 * 1024;

/** The live charts: traffic, lag, latency and disk, from /api/metrics every two seconds. */
function Charts() {
  return html`<div class="card"><h2>Traffic</h2>
    <${LiveChart} id="tps-chart" height=${200} series=${[
      { label: 'produce TPS', stroke: '#2563eb', pick: m => m.putTps },
      { label: 'consume TPS', stroke: '#16a34a', pick: m => m.getTps }]} />
    <div class="charts">
      <div><h3>Consumer lag (messages)</h3><${LiveChart} id="lag-chart" series=${[
        { label: 'total lag', stroke: '#dc2626', pick: m => m.totalLag }]} /></div>
      <div><h3>Send latency (ms)</h3><${LiveChart} id="latency-chart" series=${[
        { label: 'p50', stroke: '#0891b2', pick: m => (m.latency ? m.latency.p50 : null) },
        { label: 'p99', stroke: '#9333ea', pick: m => (m.latency ? m.latency.p99 : null) }]} /></div>
      <div><h3>Disk</h3><${LiveChart} id="disk-chart" series=${[
        { label: 'used %', stroke: '#ca8a04', pick: m => m.disk.usedRatio * 100 },
        { label: 'commit log MiB', stroke: '#64748b', pick: m => m.disk.commitLogBytes / MIB }]} /></div>
    </div></div>`;
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
    ${cluster && cluster.nameServers.length > 0 && html`<${Replication} />`}
    <${Charts} />
  </div>`;
}

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
      const r = await api('POST', '/api/groups/' + enc(q.group) + '/dlq/resend');
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
  const [outcome, setOutcome] = useState(null);
  const load = () => api('GET', '/api/topics?search=' + enc(search))
    .then(setTopics, e => setError(e.message));
  useEffect(() => { load(); }, [search]);
  const create = async () => {
    setError(null); setOutcome(null);
    try {
      const n = Number(queues);
      setOutcome(await api('POST', '/api/topics', { topic: name, readQueueNums: n, writeQueueNums: n }));
      setName(''); load();
    } catch (e) { setError(e.message); }
  };
  const remove = async topic => {
    if (!confirm('Delete topic ' + topic + '?')) return;
    setError(null); setOutcome(null);
    try { setOutcome(await api('DELETE', '/api/topics/' + enc(topic))); load(); }
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
    <${ErrorText} error=${error} /><${Outcomes} answer=${outcome} id="topic-outcomes" />
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
    api('GET', '/api/topics/' + enc(topic)).then(setStatus, e => setError(e.message));
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
