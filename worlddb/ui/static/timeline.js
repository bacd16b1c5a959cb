// Memories and facts on a valid-time axis. The as-of control pins valid time (slider or date)
// and ingest time ("what did the store know then"); rows not visible at that point fade.
import { useState } from "preact/hooks";
import { get } from "./api.js";
import { day, html, Problem, State, TypeTag, useLoad, WorldLink } from "./ui.js";

const ms = (iso) => (iso ? Date.parse(iso) : null);
const isoDay = (t) => new Date(t).toISOString().slice(0, 10);

export function Timeline({ scopes }) {
  const [validAt, setValidAt] = useState("");
  const [knownAt, setKnownAt] = useState("");
  const key = JSON.stringify(scopes) + validAt + knownAt;
  const [data, error] = useLoad(() => get("timeline", { ...scopes, valid_at: validAt, known_at: knownAt }), [key]);
  const items = (data && data.items) || [];
  const now = data ? ms(data.now) : Date.now();
  const starts = items.map((i) => ms(i.valid_from) ?? ms(i.ingested_at));
  const lo = starts.length ? Math.min(...starts) : now - 864e5;
  const hi = Math.max(now, ...items.map((i) => ms(i.valid_to) || 0)) + 864e5;
  const pct = (t) => (100 * (t - lo)) / (hi - lo);
  const marker = validAt ? ms(validAt) : now;
  return html`<section class="timeline">
    <form class="asof" onSubmit=${(e) => e.preventDefault()} data-testid="asof">
      <label>valid at <input type="date" value=${validAt} onInput=${(e) => setValidAt(e.target.value)} data-testid="valid-at" /></label>
      <input type="range" min=${lo} max=${hi} step="864e5" value=${marker}
        onInput=${(e) => setValidAt(isoDay(Number(e.target.value)))} aria-label="valid time" data-testid="valid-slider" />
      <label>known at <input type="date" value=${knownAt} onInput=${(e) => setKnownAt(e.target.value)} data-testid="known-at" /></label>
      <button type="button" onClick=${() => { setValidAt(""); setKnownAt(""); }}>now</button>
    </form>
    <p class="meta">As of valid time ${validAt || "now"}, known ${knownAt || "now"}: ${items.filter((i) => i.visible).length} of ${items.length} visible.</p>
    ${data && !data.complete && html`<p class="meta warn">Showing the first ${items.length} in insertion order.</p>`}
    <${Problem} error=${error} />
    <div class="axis"><span>${isoDay(lo)}</span><span>${isoDay(hi)}</span></div>
    <ol class="rows" data-testid="timeline">${items.map((item) => {
      const start = ms(item.valid_from) ?? ms(item.ingested_at);
      const end = ms(item.valid_to) ?? hi;
      return html`<li class=${item.visible ? "row visible" : "row hidden"} data-testid="timeline-row" data-visible=${String(item.visible)}>
        <div class="label"><${TypeTag} type=${item.type} /> <${WorldLink} item=${item} /> <${State} state=${item.state} /></div>
        <div class="track"><div class="bar" style=${{ left: pct(start) + "%", width: Math.max(0.5, pct(end) - pct(start)) + "%" }}
          title=${day(item.valid_from) + " → " + (item.valid_to ? day(item.valid_to) : "now")}></div>
          <div class="marker" style=${{ left: pct(marker) + "%" }}></div></div>
      </li>`;
    })}</ol>
  </section>`;
}
