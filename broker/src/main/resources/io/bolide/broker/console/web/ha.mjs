// Replication per broker set (#35): master, slaves, their offsets and lag; in controller mode each
// member's epoch and the controller's master epoch and SyncStateSet. From /api/ha every five seconds.
import { html, api, ErrorText, usePoll, useState } from './core.mjs';

const bytes = n => (n === null || n === undefined ? '-' : n.toLocaleString() + ' B');

function Member({ m, controllerMode }) {
  const slaves = m.slaves || [];
  return html`<tr data-member=${m.brokerId}>
    <td>${m.brokerId}</td><td>${m.role}</td><td>${m.address}</td>
    <td>${m.commitLogMaxOffset === undefined ? '-' : m.commitLogMaxOffset.toLocaleString()}</td>
    ${controllerMode && html`<td>${m.epoch ?? '-'}</td>`}
    <td>${m.error ? html`<span class="error">${m.error}</span>`
      : m.role === 'MASTER'
        ? (slaves.length === 0 ? 'no slave linked' : html`${m.inSyncSlaves} in sync; ${slaves.map(s => html`<div class="ha-slave">
            ${s.haAddress}: acked ${s.ackOffset.toLocaleString()}, lag ${bytes(s.lagBytes)}${s.inSync ? '' : ' (not in sync)'}</div>`)}`)
        : html`follows ${m.masterHaAddress || '(no master yet)'}`}</td></tr>`;
}

export function Replication() {
  const [ha, setHa] = useState(null);
  const [error, setError] = useState(null);
  usePoll(() => api('GET', '/api/ha').then(d => { setHa(d); setError(null); }, e => setError(e.message)), 5000, []);
  if (!ha) return html`<${ErrorText} error=${error} />`;
  return html`<div class="card" id="ha"><h2>Replication</h2>
    <${ErrorText} error=${error || ha.error} />
    ${ha.brokerSets.map(set => html`<div class="ha-set" data-set=${set.brokerName}>
      <h3>${set.brokerName}</h3>
      ${set.controller && html`<p class="muted" id=${'ha-controller-' + set.brokerName}>${set.controller.error
        ? html`<span class="error">${set.controller.error}</span>`
        : 'controller ' + set.controller.controller + ': master ' + set.controller.masterBrokerId + ', epoch '
          + set.controller.masterEpoch + ', SyncStateSet [' + set.controller.syncStateSet.join(', ')
          + '] (epoch ' + set.controller.syncStateSetEpoch + ')'}</p>`}
      <table><thead><tr><th>Id</th><th>Role</th><th>Address</th><th>Commit log end</th>
        ${ha.controllerMode && html`<th>Epoch</th>`}<th>Replication</th></tr></thead>
      <tbody>${set.members.map(m => html`<${Member} m=${m} controllerMode=${ha.controllerMode} />`)}</tbody></table>
    </div>`)}
  </div>`;
}
