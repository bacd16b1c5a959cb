// One world in full: text, validity, scopes, provenance, children, edges, history; retire and
// purge behind a confirmation step that asks for the id's first characters.
import { useState } from "preact/hooks";
import { get, post } from "./api.js";
import { day, html, Problem, short, State, TypeTag, useLoad, Validity, WorldLink } from "./ui.js";

// A confirmation step: the action runs only after the user types `need` (an id's first
// characters, a scope's value) and presses the button.
export function Confirm({ title, words, quote, need, okLabel, danger, run, onDone, onCancel }) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  async function go(event) {
    event.preventDefault();
    setBusy(true);
    try {
      onDone(await run(typed.trim()));
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  }
  return html`<div class="dialog" role="dialog" aria-modal="true" data-testid="confirm-dialog">
    <form onSubmit=${go}>
      <h3>${title}</h3>
      <p>${words}</p>
      ${quote && html`<p class="quote">“${quote}”</p>`}
      <label>Type <code>${need}</code> to confirm
        <input value=${typed} onInput=${(e) => setTyped(e.target.value)} autocomplete="off" data-testid="confirm-input" /></label>
      <${Problem} error=${error} />
      <div class="buttons">
        <button type="button" onClick=${onCancel} data-testid="confirm-cancel">Cancel</button>
        <button type="submit" class=${danger ? "danger" : ""} disabled=${busy || typed.trim() !== need}
          data-testid="confirm-ok">${okLabel}</button>
      </div>
    </form>
  </div>`;
}

const WORDS = {
  retire: "Retire closes this world's validity now: it stops being recalled but stays in history.",
  purge: "Purge deletes this world and everything derived from it, for good (text included). What another scope still holds is kept.",
};

function Edges({ edges }) {
  if (!edges.length) return html`<p class="meta">No edges.</p>`;
  return html`<table class="edges" data-testid="edges"><thead><tr><th></th><th>type</th><th>other side</th><th>status</th><th>validity</th></tr></thead>
    <tbody>${edges.map((e) => html`<tr>
      <td>${e.direction === "out" ? "→" : "←"}</td><td>${e.type}</td>
      <td>${e.other ? html`<${TypeTag} type=${e.other.type} /> <${WorldLink} item=${e.other} />` : short(e.other_id)}</td>
      <td>${e.status}</td><td><${Validity} item=${e} /></td></tr>`)}</tbody></table>`;
}

export function WorldView({ id }) {
  const [data, error, reload] = useLoad(() => get("world/" + encodeURIComponent(id)), [id]);
  const [asking, setAsking] = useState(null);
  const [done, setDone] = useState(null);
  if (error) return html`<${Problem} error=${error} />`;
  if (!data) return html`<p class="meta">Loading…</p>`;
  const w = data.world;
  return html`<article class="world" data-testid="world">
    <header>
      <${TypeTag} type=${w.type} /> <${State} state=${w.state} />
      ${w.untrusted && html`<span class="badge warn">untrusted</span>`}
      <code title=${w.id}>${short(w.id)}</code>
      <a href=${"#/graph/" + w.id} data-testid="open-graph">neighbourhood graph</a>
    </header>
    <h2 data-testid="world-text">${w.text || w.label || "(no text)"}</h2>
    <dl class="facts">
      <dt>valid</dt><dd data-testid="world-validity"><${Validity} item=${w} /></dd>
      <dt>ingested</dt><dd>${day(w.ingested_at)}</dd>
      <dt>scopes</dt><dd>${data.scopes.join(", ") || "—"}</dd>
      ${w.label && html`<dt>name</dt><dd>${w.label}</dd>`}
      <dt>provenance</dt><dd data-testid="provenance">${w.provenance.join(", ") || "—"}</dd>
      ${w.aliases.length > 0 && html`<dt>aliases</dt><dd>${w.aliases.join(", ")}</dd>`}
      ${data.parent && html`<dt>inside</dt><dd><${WorldLink} item=${data.parent} /></dd>`}
    </dl>
    <div class="buttons">
      <button onClick=${() => setAsking("retire")} disabled=${w.state === "past"} data-testid="retire">Retire…</button>
      <button class="danger" onClick=${() => setAsking("purge")} data-testid="purge">Purge…</button>
    </div>
    ${done && html`<p class="ok" role="status" data-testid="done">${done}</p>`}
    <h3>History</h3>
    <ol class="history" data-testid="history">${data.history.map((h) => html`<li class=${h.this ? "this" : ""} data-testid="history-item">
      <${State} state=${h.state} /> <${WorldLink} item=${h} /> <span class="meta"><${Validity} item=${h} /></span></li>`)}</ol>
    ${data.children.length > 0 && html`<h3>Children</h3><ol class="children" data-testid="children">${data.children.map(
      (c) => html`<li><${TypeTag} type=${c.type} /> <${WorldLink} item=${c} /></li>`)}</ol>`}
    <h3>Edges</h3>
    <${Edges} edges=${data.edges} />
    ${asking && html`<${Confirm} title=${(asking === "purge" ? "Purge" : "Retire") + " this " + w.type + "?"}
      words=${WORDS[asking]} quote=${w.preview} need=${w.id.slice(0, 8)} danger=${asking === "purge"}
      okLabel=${asking === "purge" ? "Purge for good" : "Retire"}
      run=${(typed) => post("world/" + w.id + "/" + asking, { confirm: typed })}
      onCancel=${() => setAsking(null)} onDone=${(r) => {
        setAsking(null);
        if (asking === "purge") { setDone("Purged: " + r.erased + " worlds erased, " + r.kept + " kept."); location.hash = "#/memories"; }
        else { setDone(r.retired ? "Retired." : "It was already retired."); reload(); }
      }} />`}
  </article>`;
}
