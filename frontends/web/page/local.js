// The API of the page without a server: the same routes as `loa serve`,
// answered by libloa compiled to WebAssembly (loa.js, loa.wasm) on the page,
// with every search in a Web Worker (engine-worker.js) so that the page
// stays live while the engine thinks (docs/web.md). app.js loads this file
// only when no server answers /api/rules.

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error(`cannot load ${src}: is this the loa-web folder?`));
    document.head.appendChild(script);
  });
}

// One worker searches at a time; a search that must stop now (POST .../stop)
// ends its worker, and the next search starts a new one.
class EngineWorker {
  constructor() { this.worker = null; this.ready = null; }

  start() {
    if (this.ready) return this.ready;
    this.worker = new Worker("engine-worker.js");
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (e) => (e.data.type === "ready" ? resolve() : reject(new Error(e.data.error)));
      this.worker.onerror = (e) => reject(new Error(`the engine worker failed: ${e.message}`));
    });
    return this.ready;
  }

  end() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.ready = null;
  }
}

export async function createTransport() {
  await loadScript("loa.js");
  // A loa.wasm that is missing or damaged aborts the module: said in words, not as Emscripten's "Aborted(...)".
  const cannot = (what) => new Error(`the engine (loa.wasm) could not be loaded (${what}): is this the whole loa-web folder?`);
  const module = await new Promise((resolve, reject) => {
    LoaModule({ onAbort: (what) => reject(cannot(what)) }).then(resolve, (e) => reject(cannot(e.message || e)));  // eslint-disable-line no-undef
  });
  const site = module._loa_site_new();
  const request = module.cwrap("loa_request", "string", ["number", "string", "string", "string", "string"]);
  const finish = module.cwrap("loa_finish", "string", ["number", "number", "string", "string"]);
  const refuse = module.cwrap("loa_refuse", "string", ["number", "number", "string"]);
  const engine = new EngineWorker();
  const running = new Map();  // job -> {last info, finish(best, search)}

  // Called from inside loa_request (POST .../stop): acts after it returns.
  module.onStopJob = (job) => setTimeout(() => {
    const run = running.get(job);
    if (!run || !run.last || !run.last.pv.length) return;  // nothing to answer with yet: let it run
    engine.end();
    run.finish(run.last.pv[0], { ...run.last, best: run.last.pv[0] });
  }, 0);

  function call(method, path, body, token) {
    const headers = { accept: "application/json" };
    if (token) headers.authorization = `Bearer ${token}`;
    return JSON.parse(request(site, method, "/" + path, JSON.stringify(headers),
                              body === undefined ? "" : JSON.stringify(body)));
  }

  // Runs a job in the worker; resolves with the API's final answer.
  async function runJob(reply, onInfo) {
    try {
      await engine.start();
    } catch (e) {
      engine.end();
      return JSON.parse(refuse(site, reply.job, String(e.message || e)));
    }
    return new Promise((resolve) => {
      const run = { last: null };
      run.finish = (best, search) => {
        running.delete(reply.job);
        resolve(JSON.parse(finish(site, reply.job, best, JSON.stringify(search))));
      };
      running.set(reply.job, run);
      engine.worker.onmessage = (e) => {
        if (e.data.type === "info") {
          run.last = e.data.data;
          onInfo(e.data.data);
        } else if (e.data.type === "result") {
          const r = e.data.result;
          run.finish(r.best || "", r.search || {});
        }
      };
      engine.worker.onerror = (e) => {  // the worker died (out of memory, say): the game is freed
        engine.end();
        running.delete(reply.job);
        resolve(JSON.parse(refuse(site, reply.job, `the engine worker failed: ${e.message}`)));
      };
      engine.worker.postMessage({ type: "search", record: reply.record, limits: reply.limits });
    });
  }

  return {
    name: "browser",
    async request(method, path, body, token) {
      const reply = call(method, path, body, token);
      if (reply.job === undefined) return { status: reply.status, type: reply.type, text: reply.text };
      const answer = await runJob(reply, () => {});
      return { status: answer.status, type: answer.type, text: answer.text };
    },
    async stream(method, path, body, token, onEvent) {
      const reply = call(method, path, body, token);
      if (reply.job === undefined) {
        const data = JSON.parse(reply.text);
        throw new Error(data.error || `status ${reply.status}`);
      }
      const answer = await runJob(reply, (info) => onEvent("info", info));
      const data = JSON.parse(answer.text);
      if (answer.status >= 300) onEvent("error", { error: data.error, status: answer.status });
      else onEvent("done", data);
    },
  };
}
