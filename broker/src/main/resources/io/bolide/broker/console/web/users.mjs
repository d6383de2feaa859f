// The login form and the users and ACL policies page.
import { html, api, enc, ErrorText, useState, useEffect } from './core.mjs';

/** The ACL 2.0 login: the secret goes to /api/login once and is cleared from the page. */
export function Login({ done }) {
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

export function Users() {
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
    '/api/users/' + enc(u.username),
    { userStatus: u.userStatus === 'disable' ? 'enable' : 'disable' }));
  const removeUser = u => confirm('Delete user ' + u.username + '?') && run('User ' + u.username + ' deleted',
    () => api('DELETE', '/api/users/' + enc(u.username)));
  const savePolicy = () => run('Policy of ' + subject + ' saved', () => api('PUT',
    '/api/acls/' + enc(subject),
    { entries: [{ resource, actions: actions.split(',').map(a => a.trim()).filter(a => a), decision }] }));
  const removeEntry = (acl, entry) => run('Entry removed', () => api('DELETE',
    '/api/acls/' + enc(acl.subject) + '?resource=' + enc(entry.resource)));
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

