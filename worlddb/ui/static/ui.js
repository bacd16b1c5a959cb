// Small shared pieces: html, badges, links to a world, time formatting, a loading hook.
import { h } from "preact";
import { useEffect, useState } from "preact/hooks";
import htm from "htm";

export const html = htm.bind(h);

export function short(id) {
  return id ? id.slice(0, 12) : "";
}

export function day(iso) {
  if (!iso) return "…";
  return iso.replace("T00:00:00Z", "").replace("Z", "").replace("T", " ").slice(0, 16);
}

export function Validity({ item }) {
  return html`<span class="validity">${day(item.valid_from)} → ${item.valid_to ? day(item.valid_to) : "now"}</span>`;
}

export function State({ state }) {
  return html`<span class=${"badge state-" + state} data-testid="state">${state}</span>`;
}

export function WorldLink({ item, children }) {
  return html`<a class="world-link" href=${"#/world/" + item.id} data-testid="world-link">${children || item.preview || item.name || short(item.id)}</a>`;
}

export function TypeTag({ type }) {
  return html`<span class=${"type type-" + type}>${type}</span>`;
}

// Run `load` whenever `deps` change; returns [data, error, reload].
export function useLoad(load, deps) {
  const [state, setState] = useState({ data: null, error: null });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    setState((s) => ({ data: s.data, error: null }));
    load().then(
      (data) => live && setState({ data, error: null }),
      (error) => live && setState({ data: null, error }),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  return [state.data, state.error, () => setTick((t) => t + 1)];
}

export function Problem({ error }) {
  if (!error) return null;
  return html`<p class="error" role="alert" data-testid="error">${error.message}</p>`;
}
