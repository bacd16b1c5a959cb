// An entity's neighbourhood as a graph: a small force layout (repulsion between all nodes,
// springs along edges, a pull to the centre) computed up front, drawn as SVG. At most 60 nodes
// arrive from the server, so the O(n²) steps stay cheap and no graph library is needed.
import { useState } from "preact/hooks";
import { get } from "./api.js";
import { html, Problem, short, TypeTag, useLoad } from "./ui.js";

const W = 900;
const H = 560;

export function layout(nodes, edges, steps = 300) {
  const pos = new Map();
  nodes.forEach((n, i) => {
    const angle = (2 * Math.PI * i) / Math.max(1, nodes.length);
    const r = n.depth === 0 ? 0 : 120 * n.depth;
    pos.set(n.id, { x: W / 2 + r * Math.cos(angle), y: H / 2 + r * Math.sin(angle), dx: 0, dy: 0 });
  });
  const links = edges.filter((e) => pos.has(e.source) && pos.has(e.target));
  for (let step = 0; step < steps; step++) {
    const heat = 1 - step / steps;
    for (const a of pos.values()) { a.dx = (W / 2 - a.x) * 0.01; a.dy = (H / 2 - a.y) * 0.01; }
    const all = [...pos.values()];
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        const a = all[i], b = all[j];
        let dx = a.x - b.x, dy = a.y - b.y;
        const d2 = Math.max(dx * dx + dy * dy, 25);
        const f = 6000 / d2;
        const d = Math.sqrt(d2);
        dx /= d; dy /= d;
        a.dx += dx * f; a.dy += dy * f; b.dx -= dx * f; b.dy -= dy * f;
      }
    }
    for (const e of links) {
      const a = pos.get(e.source), b = pos.get(e.target);
      const dx = b.x - a.x, dy = b.y - a.y;
      const d = Math.max(Math.sqrt(dx * dx + dy * dy), 1);
      const f = (d - 130) * 0.05;
      a.dx += (dx / d) * f; a.dy += (dy / d) * f; b.dx -= (dx / d) * f; b.dy -= (dy / d) * f;
    }
    for (const a of pos.values()) {
      a.x = Math.min(W - 40, Math.max(40, a.x + Math.max(-20, Math.min(20, a.dx)) * heat));
      a.y = Math.min(H - 20, Math.max(20, a.y + Math.max(-20, Math.min(20, a.dy)) * heat));
    }
  }
  return pos;
}

const label = (n) => {
  const text = n.name || n.preview || short(n.id);
  return text.length > 28 ? text.slice(0, 27) + "…" : text;
};

export function GraphView({ id }) {
  const [depth, setDepth] = useState(1);
  const [data, error] = useLoad(() => get("graph/" + encodeURIComponent(id), { depth }), [id, depth]);
  if (error) return html`<${Problem} error=${error} />`;
  if (!data) return html`<p class="meta">Loading…</p>`;
  const pos = layout(data.nodes, data.edges);
  const root = data.nodes.find((n) => n.id === data.root);
  return html`<section class="graph">
    <p><a href=${"#/world/" + data.root}>← back to the world</a> · neighbourhood of <${TypeTag} type=${root.type} /> ${label(root)}
      · depth <select value=${depth} onChange=${(e) => setDepth(Number(e.target.value))} data-testid="graph-depth">
        <option value="1">1</option><option value="2">2</option><option value="3">3</option></select>
      · ${data.nodes.length} nodes, ${data.edges.length} edges</p>
    <svg viewBox=${"0 0 " + W + " " + H} role="img" aria-label="neighbourhood graph" data-testid="graph">
      ${data.edges.filter((e) => pos.has(e.source) && pos.has(e.target)).map((e) => {
        const a = pos.get(e.source), b = pos.get(e.target);
        return html`<g class=${"edge edge-" + e.type + " status-" + e.status}>
          <line x1=${a.x} y1=${a.y} x2=${b.x} y2=${b.y} />
          <text x=${(a.x + b.x) / 2} y=${(a.y + b.y) / 2 - 3}>${e.type}</text></g>`;
      })}
      ${data.nodes.map((n) => {
        const p = pos.get(n.id);
        return html`<a href=${"#/world/" + n.id} data-testid="graph-node">
          <g class=${"node type-" + n.type + " state-" + n.state + (n.id === data.root ? " root" : "")}>
            <circle cx=${p.x} cy=${p.y} r=${n.id === data.root ? 12 : 8} />
            <text x=${p.x + 14} y=${p.y + 4}>${label(n)}</text></g></a>`;
      })}
    </svg>
  </section>`;
}
