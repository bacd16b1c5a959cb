// Talking to the explorer's JSON API. The bearer token lives in sessionStorage (this tab only)
// and travels as an Authorization header; there is no cookie another site could make us send.
const KEY = "worlddb.token";

export function token() {
  return sessionStorage.getItem(KEY) || "";
}

export function setToken(value) {
  if (value) sessionStorage.setItem(KEY, value);
  else sessionStorage.removeItem(KEY);
}

// `worlddb ui` prints a link ending in #token=...; take it once, then drop it from the address.
export function adoptTokenFromHash() {
  const match = location.hash.match(/^#token=([^&]+)/);
  if (match) {
    setToken(decodeURIComponent(match[1]));
    history.replaceState(null, "", location.pathname + location.search + "#/search");
  }
}

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, query, body) {
  const url = new URL("api/" + path, document.baseURI);
  for (const [k, v] of Object.entries(query || {})) {
    if (v !== undefined && v !== null && v !== "" && v !== false) url.searchParams.set(k, v);
  }
  const headers = { Accept: "application/json" };
  const t = token();
  if (t) headers.Authorization = "Bearer " + t;
  const init = { method, headers, credentials: "omit", cache: "no-store" };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    data = null;
  }
  if (!response.ok) {
    const message = (data && data.error) || response.statusText || "request failed";
    if (response.status === 401) window.dispatchEvent(new CustomEvent("worlddb-unauthorized"));
    throw new ApiError(response.status, message);
  }
  return data;
}

export const get = (path, query) => call("GET", path, query);
export const post = (path, body) => call("POST", path, undefined, body || {});
