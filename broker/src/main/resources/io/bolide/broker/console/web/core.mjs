// The console's shared parts: the API call, the page's small widgets and the live charts.
import { h } from './vendor/preact.mjs';
import { useState, useEffect, useRef } from './vendor/preact-hooks.mjs';
import htm from './vendor/htm.mjs';
import uPlot from './vendor/uplot.mjs';

export const html = htm.bind(h);

/** Calls the console's JSON API; a refusal throws its error text. */
export async function api(method, path, body) {
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

export const enc = encodeURIComponent;

export function ErrorText({ error }) {
  return error ? html`<p class="error" id="error">${error}</p>` : null;
}

/**
 * Each broker's outcome of a change the console applies on every broker set of the cluster: one
 * line per broker, a failure with its reason (partial failure is shown, never hidden).
 */
export function Outcomes({ answer, id }) {
  const rows = answer && answer.brokers;
  if (!rows || rows.length === 0) return null;
  return html`<ul class="outcomes" id=${id || 'outcomes'}>${rows.map(r => html`<li
    class=${r.ok ? 'ok' : 'error'} data-broker=${r.brokerName}>${r.brokerName}${r.address ? ' (' + r.address + ')' : ''}:
    ${r.ok ? (r.skipped ? ' skipped: ' + r.skipped : ' applied') : ' failed: ' + r.error}</li>`)}</ul>`;
}

export const fixed = (n, digits) => (n === null || n === undefined ? '-' : Number(n).toFixed(digits));

/** Calls {@code fn} now and every {@code millis} while the component is shown. */
export function usePoll(fn, millis, deps) {
  useEffect(() => {
    fn();
    const timer = setInterval(fn, millis);
    return () => clearInterval(timer);
  }, deps);
}

/** One poll of /api/metrics every two seconds, shared by every chart on the page. */
const watchers = new Set();
let metricsTimer = null;
async function pollMetrics() {
  try {
    const m = await api('GET', '/api/metrics');
    watchers.forEach(watch => watch(m));
  } catch (e) { /* the next poll tries again */ }
}
function watchMetrics(watch) {
  watchers.add(watch);
  if (metricsTimer === null) { pollMetrics(); metricsTimer = setInterval(pollMetrics, 2000); }
  return () => {
    watchers.delete(watch);
    if (watchers.size === 0) { clearInterval(metricsTimer); metricsTimer = null; }
  };
}

/** The seconds a chart's time axis spans at least, so that one point does not widen it to years. */
export const MIN_WINDOW_SECONDS = 60;

/**
 * The time axis: the points' span, at least {@link MIN_WINDOW_SECONDS} ending at the newest point
 * (uPlot widens a single point's zero-width time range to 86400 / 1e-3 seconds otherwise).
 */
export function timeWindow(u, min, max) {
  if (min === null || max === null || min === undefined || !isFinite(min) || !isFinite(max)) {
    const now = Date.now() / 1000;
    return [now - MIN_WINDOW_SECONDS, now];
  }
  return [Math.min(min, max - MIN_WINDOW_SECONDS), max];
}

/**
 * A chart of /api/metrics, refreshed every two seconds without reloading the page, the last five
 * minutes kept: {@code series} is [{label, stroke, pick: metrics => value}].
 */
export function LiveChart({ id, series, height }) {
  const box = useRef(null);
  useEffect(() => {
    const data = [[], ...series.map(() => [])];
    const width = Math.max(300, box.current.clientWidth);
    const plot = new uPlot({
      width, height: height || 180,
      series: [{}, ...series.map(s => ({ label: s.label, stroke: s.stroke }))],
      axes: [{ stroke: 'currentColor' }, { stroke: 'currentColor' }],
      scales: { x: { time: true } },
    }, data, box.current);
    box.current.plot = plot;
    const stop = watchMetrics(m => {
      data[0].push(m.timestamp / 1000);
      series.forEach((s, i) => data[i + 1].push(s.pick(m)));
      if (data[0].length > 150) data.forEach(column => column.shift());
      // The data without uPlot's own x range (a single point's spans 1000 days), then the window.
      plot.setData(data, false);
      const [min, max] = timeWindow(plot, data[0][0], data[0][data[0].length - 1]);
      plot.setScale('x', { min, max });
      if (box.current) box.current.dataset.last = JSON.stringify(data.slice(1).map(c => c[c.length - 1]));
    });
    return () => { stop(); plot.destroy(); };
  }, []);
  return html`<div ref=${box} id=${id} class="chart"></div>`;
}

/** Resends one stored message to a group: one online client consumes it now (CONSUME_MESSAGE_DIRECTLY). */
export async function resend(group, offsetMsgId) {
  const answer = await api('POST', '/api/groups/' + enc(group) + '/resend', { offsetMsgId });
  const result = answer.result || {};
  return 'Resent to ' + answer.clientId + ': ' + (result.consumeResult || 'no result')
    + (result.remark ? ' (' + result.remark + ')' : '');
}

export { useState, useEffect, useRef };
