// Decisions a person makes: pending merge proposals (accept / reject) and contradictions shown
// side by side.
import { useState } from "preact/hooks";
import { get, post } from "./api.js";
import { html, Problem, State, TypeTag, useLoad, Validity, WorldLink } from "./ui.js";

function Side({ world }) {
  return html`<div class="side">
    <div><${TypeTag} type=${world.type} /> <${State} state=${world.state} /></div>
    <p class="quote"><${WorldLink} item=${world}>${world.text || world.label}</${WorldLink}></p>
    <div class="meta"><${Validity} item=${world} /></div>
    ${world.aliases.length > 0 && html`<div class="meta">aliases: ${world.aliases.join(", ")}</div>`}
    ${world.provenance.length > 0 && html`<div class="meta">from: ${world.provenance.join(", ")}</div>`}
  </div>`;
}

export function Proposals() {
  const [data, error, reload] = useLoad(() => get("proposals"), []);
  const [problem, setProblem] = useState(null);
  const [done, setDone] = useState("");
  async function decide(p, verdict) {
    setProblem(null);
    try {
      await post("proposals/" + p.edge_id + "/" + verdict);
      setDone((verdict === "accept" ? "Merged " : "Rejected ") + (p.source.label || p.source.preview) + " / " + (p.target.label || p.target.preview));
      reload();
    } catch (e) {
      setProblem(e);
    }
  }
  return html`<section>
    <${Problem} error=${error || problem} />
    ${done && html`<p class="ok" role="status" data-testid="done">${done}</p>`}
    ${data && data.proposals.length === 0 && html`<p class="meta" data-testid="no-proposals">No pending merge proposals.</p>`}
    ${data && data.proposals.map((p) => html`<div class="pair" data-testid="proposal">
      <${Side} world=${p.source} /><div class="between">same as?<div class="meta">${p.tier} · ${p.score.toFixed(2)}</div></div><${Side} world=${p.target} />
      <p class="meta evidence">${p.evidence}</p>
      <div class="buttons"><button onClick=${() => decide(p, "accept")} data-testid="accept">Accept merge</button>
        <button onClick=${() => decide(p, "reject")} data-testid="reject">Reject</button></div>
    </div>`)}
  </section>`;
}

export function Contradictions({ scopes }) {
  const [data, error] = useLoad(() => get("contradictions", scopes), [JSON.stringify(scopes)]);
  return html`<section>
    <${Problem} error=${error} />
    ${data && data.pairs.length === 0 && html`<p class="meta">No contradictions.</p>`}
    ${data && !data.complete && html`<p class="meta warn">Looked at the first ${data.scanned} worlds of this scope only.</p>`}
    ${data && data.pairs.map((p) => html`<div class="pair" data-testid="contradiction">
      <${Side} world=${p.left} /><div class="between">contradicts<div class="meta">${p.status}</div></div><${Side} world=${p.right} />
    </div>`)}
  </section>`;
}
