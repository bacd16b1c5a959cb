// The explorer page: sign-in, the scope picker, and a hash router over the views.
import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { adoptTokenFromHash, get, post, setToken, token } from "./api.js";
import { GraphView } from "./graph.js";
import { Contradictions, Proposals } from "./review.js";
import { Timeline } from "./timeline.js";
import { html, Problem, short, State, TypeTag, useLoad, Validity, WorldLink } from "./ui.js";
import { Confirm, WorldView } from "./world.js";

function Login({ onSignedIn, refused }) {
  const [value, setValue] = useState("");
  const [error, setError] = useState(refused ? "That token was not accepted." : "");
  async function submit(event) {
    event.preventDefault();
    setToken(value.trim());
    try {
      const session = await get("session");
      onSignedIn(session);
    } catch (e) {
      setToken("");
      setError(e.status === 401 ? "That token was not accepted." : e.message);
    }
  }
  return html`<main class="login">
    <h1>worlddb explorer</h1>
    <form onSubmit=${submit} data-testid="login-form">
      <label for="token">Access token</label>
      <input id="token" name="token" type="password" autocomplete="off" value=${value}
        onInput=${(e) => setValue(e.target.value)} data-testid="token-input" />
      <button type="submit" data-testid="sign-in">Sign in</button>
    </form>
    ${error && html`<p class="error" role="alert" data-testid="login-error">${error}</p>`}
    <p class="hint">The token is the one the server was started with (<code>worlddb ui</code>
    prints a link that carries it). It is kept in this tab only.</p>
  </main>`;
}

function route() {
  const parts = (location.hash || "#/search").slice(2).split("/");
  return { view: parts[0] || "search", arg: decodeURIComponent(parts.slice(1).join("/")) };
}

// The request's scopes: the picked one, plus any kind the token is bound to a single value of.
function scopeQuery(session, picked) {
  const query = {};
  for (const [kind, values] of Object.entries(session.grant || {})) {
    if (values.length === 1) query[kind] = values[0];
  }
  if (picked) {
    const [kind, ...rest] = picked.split("=");
    query[kind] = rest.join("=");
  }
  return query;
}

function ScopePicker({ session, picked, setPicked }) {
  const [data, error] = useLoad(() => get("scopes"), []);
  const scopes = (data && data.scopes) || [];
  return html`<label class="scope-picker">Scope
    <select value=${picked} onChange=${(e) => setPicked(e.target.value)} data-testid="scope-picker">
      ${!session.restricted && html`<option value="">all scopes</option>`}
      ${session.restricted && html`<option value="">as the token allows</option>`}
      ${scopes.map((s) => html`<option value=${s.kind + "=" + s.value}>${s.kind}=${s.value} (${s.members})</option>`)}
    </select>
    <${Problem} error=${error} />
  </label>`;
}

function Ranks({ ranks }) {
  return html`<span class="ranks" data-testid="ranks">${Object.entries(ranks).map(
    ([lane, rank]) => html`<span class="rank">${lane} #${rank}</span>`,
  )}</span>`;
}

function Search({ scopes }) {
  const [q, setQ] = useState("");
  const [asOf, setAsOf] = useState("");
  const [knownAt, setKnownAt] = useState("");
  const [retired, setRetired] = useState(false);
  const [result, setResult] = useState(null);
  const [error, setError] = useState(null);
  async function search(event) {
    event.preventDefault();
    setError(null);
    try {
      setResult(await get("recall", { q, ...scopes, valid_at: asOf, known_at: knownAt, include_retired: retired }));
    } catch (e) {
      setResult(null);
      setError(e);
    }
  }
  return html`<section>
    <form class="search" onSubmit=${search} data-testid="search-form">
      <input type="search" placeholder="What are you looking for?" value=${q}
        onInput=${(e) => setQ(e.target.value)} data-testid="search-input" />
      <label>valid at <input type="date" value=${asOf} onInput=${(e) => setAsOf(e.target.value)} data-testid="search-valid-at" /></label>
      <label>known at <input type="date" value=${knownAt} onInput=${(e) => setKnownAt(e.target.value)} /></label>
      <label><input type="checkbox" checked=${retired} onChange=${(e) => setRetired(e.target.checked)} /> include retired</label>
      <button type="submit" data-testid="search-button">Search</button>
    </form>
    <${Problem} error=${error} />
    ${result && html`<p class="meta">lanes: ${result.lanes.join(", ")} · ${result.hits.length} hits</p>`}
    ${result && html`<ol class="hits" data-testid="hits">${result.hits.map((hit) => html`<li class="hit" data-testid="hit">
      <div><${TypeTag} type=${hit.type} /> <${WorldLink} item=${{ id: hit.id, preview: hit.text }} />
        <${State} state=${hit.status} /></div>
      <div class="meta"><${Validity} item=${hit} /> · score ${hit.score.toFixed(4)} · <${Ranks} ranks=${hit.ranks} />
        ${hit.scopes.length > 0 && html` · ${hit.scopes.join(", ")}`}
        ${hit.entities.length > 0 && html` · entities: ${hit.entities.join(", ")}`}</div>
      ${hit.superseded_by.map((s) => html`<div class="meta">replaced ${s.at ? "on " + s.at.slice(0, 10) : ""} by “${s.new_text}”</div>`)}
      ${hit.conflicts.length > 0 && html`<div class="meta warn">contradicts ${hit.conflicts.map((c) => html`<a href=${"#/world/" + c}>${short(c)}</a> `)}</div>`}
    </li>`)}</ol>`}
  </section>`;
}

function ScopeActions({ picked, reload }) {
  const [asking, setAsking] = useState(null);
  const [done, setDone] = useState("");
  if (!picked) return null;
  const [kind, ...rest] = picked.split("=");
  const value = rest.join("=");
  const erase = asking === "erase";
  return html`<div class="buttons">
    <button onClick=${() => setAsking("retire")} data-testid="retire-scope">Retire all in ${picked}…</button>
    <button class="danger" onClick=${() => setAsking("erase")} data-testid="erase-scope">Erase ${picked}…</button>
    ${done && html`<span class="ok" role="status" data-testid="scope-done">${done}</span>`}
    ${asking && html`<${Confirm} title=${(erase ? "Erase " : "Retire every memory of ") + picked + "?"}
      words=${erase
        ? "Erase deletes this scope's memories and everything derived from them, for good (text included). What another scope still holds is kept."
        : "Retire closes every live memory of this scope: they stop being recalled but stay in history."}
      need=${value} danger=${erase} okLabel=${erase ? "Erase for good" : "Retire all"}
      run=${(typed) => post("scope/purge", { kind, value, confirm: typed, erase })}
      onCancel=${() => setAsking(null)}
      onDone=${(r) => { setAsking(null); setDone((r.erased ? "Erased " : "Retired ") + r.count + (r.count === 1 ? " memory." : " memories.")); reload(); }} />`}
  </div>`;
}

function Memories({ scopes, picked }) {
  const [retired, setRetired] = useState(false);
  const [after, setAfter] = useState(null);
  const [pages, setPages] = useState([]);
  const key = JSON.stringify(scopes) + retired;
  const [data, error, reload] = useLoad(() => get("memories", { ...scopes, include_retired: retired, after }), [key, after]);
  useEffect(() => setPages([]), [key]);
  useEffect(() => {
    if (data) setPages((p) => [...p.filter((x) => x.after !== after), { after, items: data.items }]);
  }, [data]);
  const items = pages.flatMap((p) => p.items);
  return html`<section>
    <label><input type="checkbox" checked=${retired} onChange=${(e) => { setAfter(null); setRetired(e.target.checked); }} /> include retired</label>
    <${ScopeActions} picked=${picked} reload=${() => { setPages([]); setAfter(null); reload(); }} />
    <${Problem} error=${error} />
    <ul class="memories" data-testid="memories">${items.map((m) => html`<li data-testid="memory">
      <${TypeTag} type=${m.type} /> <${WorldLink} item=${m} /> <${State} state=${m.state} />
      <div class="meta"><${Validity} item=${m} /> · ${m.scopes.join(", ")}</div></li>`)}</ul>
    ${data && data.next && html`<button onClick=${() => setAfter(data.next)}>More</button>`}
    ${data && items.length === 0 && html`<p class="meta">No memories here.</p>`}
  </section>`;
}

const TABS = [
  ["search", "Search"],
  ["memories", "Memories"],
  ["timeline", "Timeline"],
  ["proposals", "Merge proposals"],
  ["contradictions", "Contradictions"],
];

function Shell({ session, signOut }) {
  const [where, setWhere] = useState(route());
  const [picked, setPicked] = useState("");
  useEffect(() => {
    const onHash = () => setWhere(route());
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  const scopes = scopeQuery(session, picked);
  let body;
  switch (where.view) {
    case "world": body = html`<${WorldView} id=${where.arg} key=${where.arg} />`; break;
    case "graph": body = html`<${GraphView} id=${where.arg} key=${where.arg} />`; break;
    case "memories": body = html`<${Memories} scopes=${scopes} picked=${picked} />`; break;
    case "timeline": body = html`<${Timeline} scopes=${scopes} />`; break;
    case "proposals": body = html`<${Proposals} />`; break;
    case "contradictions": body = html`<${Contradictions} scopes=${scopes} />`; break;
    default: body = html`<${Search} scopes=${scopes} />`;
  }
  return html`<div class="shell">
    <header>
      <h1>worlddb</h1>
      <nav>${TABS.map(([view, label]) => html`<a href=${"#/" + view} class=${where.view === view ? "active" : ""}
        data-testid=${"tab-" + view}>${label}</a>`)}</nav>
      <${ScopePicker} session=${session} picked=${picked} setPicked=${setPicked} />
      <span class="who" data-testid="who">${session.restricted
        ? "token bound to " + Object.entries(session.grant).map(([k, v]) => k + "=" + v.join("|")).join(" ")
        : "all scopes"}</span>
      <button class="link" onClick=${signOut} data-testid="sign-out">Sign out</button>
    </header>
    <main>${body}</main>
  </div>`;
}

function App() {
  const [session, setSession] = useState(null);
  const [checking, setChecking] = useState(true);
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    const onUnauthorized = () => {
      setToken("");
      setSession(null);
      setRefused(true);
    };
    window.addEventListener("worlddb-unauthorized", onUnauthorized);
    const had = Boolean(token());
    get("session").then(
      (s) => { setSession(s); setChecking(false); },
      () => { setChecking(false); setRefused(had); setToken(""); },
    );
    return () => window.removeEventListener("worlddb-unauthorized", onUnauthorized);
  }, []);
  if (checking) return html`<p class="meta">Loading…</p>`;
  if (!session) return html`<${Login} refused=${refused} onSignedIn=${(s) => { setRefused(false); setSession(s); }} />`;
  return html`<${Shell} session=${session} signOut=${() => { setToken(""); setSession(null); setRefused(false); }} />`;
}

adoptTokenFromHash();
render(html`<${App} />`, document.getElementById("app"));
