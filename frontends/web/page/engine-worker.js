// The engine of the static page (docs/web.md): libloa in WebAssembly, in a
// Web Worker so that a search of seconds never stalls the page. It gets
// {type: "search", record, limits}, posts {type: "info"} per iteration and
// {type: "result"} at the end. local.js ends the worker to stop a search.
// When api.json names a proof (the loa-web build's LOA_WEB_PROOFS), the
// engine plays its proven wins without searching, as loa serve --proofs.
"use strict";
importScripts("loa.js");

async function proofText(name) {
  const response = await fetch(name);
  if (!response.ok) throw new Error(`cannot read the proof ${name}: HTTP ${response.status}`);
  if (!name.endsWith(".gz")) return response.text();
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).text();
}

const ready = (async () => {
  const module = await LoaModule();  // eslint-disable-line no-undef
  const searcher = module._loa_searcher_new(16);
  const search = module.cwrap("loa_search", "string", ["number", "string", "string"]);
  const config = await fetch("api.json").then((r) => r.json()).catch(() => ({}));
  let book = null;
  if (config.proofs) {
    const useProofs = module.cwrap("loa_searcher_use_proofs", "string", ["number", "string"]);
    book = JSON.parse(useProofs(searcher, await proofText(config.proofs)));
    if (book.error) throw new Error(book.error);
  }
  postMessage({ type: "ready", book });
  return (record, limits) => JSON.parse(search(searcher, record, JSON.stringify(limits)));
})();
ready.catch((e) => postMessage({ type: "failed", error: String(e.message || e) }));

onmessage = async (e) => {
  const run = await ready;
  if (e.data.type === "search") postMessage({ type: "result", result: run(e.data.record, e.data.limits) });
};
