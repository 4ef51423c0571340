// The page of libloa: draws the state the API sends and turns clicks into
// API calls (docs/protocols.md, "loa serve"). No rules live here: the legal
// moves, the result and the points all come from the API, which is either
// `loa serve` over HTTP or, when the page is served as static files, the
// same API compiled to WebAssembly (local.js; docs/web.md).
"use strict";

const page = {
  game: null,        // the last state from the API
  token: null,       // the game's token: only its maker may use a game
  presets: [],
  maxMovetime: 10000,
  selected: null,    // the square of the piece picked up, or null
  busy: false,       // a request or an engine move is running
  search: null,      // {kind: "engine-move" | "analysis", done: Promise} of a running search
  halted: false,     // an engine request failed: no engine moves until the user acts
  players: { black: "human", white: "engine" },
};

const $ = (id) => document.getElementById(id);

// The API over HTTP: `loa serve`.
const httpTransport = {
  name: "server",
  async request(method, path, body, token) {
    const response = await fetch(path, this.options(method, body, token, "application/json"));
    return { status: response.status, type: response.headers.get("Content-Type") || "", text: await response.text() };
  },
  // Runs a search request answered as Server-Sent Events; resolves at its end.
  async stream(method, path, body, token, onEvent) {
    const response = await fetch(path, this.options(method, body, token, "text/event-stream"));
    if (!response.ok) {
      const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
      throw new Error(data.error || `HTTP ${response.status}`);
    }
    await readEvents(response, onEvent);
  },
  options(method, body, token, accept) {
    const options = { method, headers: { Accept: accept } };
    if (token) options.headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return options;
  },
};

let transport = httpTransport;

async function api(method, path, body) {
  const r = await transport.request(method, path, body, page.token);
  let data = null;
  if (r.type.startsWith("application/json")) {
    try { data = JSON.parse(r.text); } catch (e) { data = null; }
  }
  if (r.status >= 400) throw new Error((data && data.error) || `HTTP ${r.status}`);
  return data === null ? r.text : data;
}

// Reads a text/event-stream response, calling onEvent(name, data) per event.
async function readEvents(response, onEvent) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = "message", data = "";
      for (const line of block.split("\n")) {
        if (line.startsWith("event: ")) name = line.slice(7);
        else if (line.startsWith("data: ")) data += line.slice(6);
      }
      onEvent(name, JSON.parse(data));
    }
  }
}

// What went wrong, in words a player can act on: the browser's own text for a
// server that does not answer ("Failed to fetch") says nothing of what to do.
function errorText(error) {
  const text = String((error && error.message) || error);
  if (error instanceof TypeError && /fetch|network|load failed/i.test(text))
    return "The server does not answer: is loa serve still running? Reload the page when it is.";
  return text;
}

// Shown in the setup panel and beside the board, where a phone's player looks.
function showError(error) {
  const text = error ? errorText(error) : "";
  $("message").textContent = text;
  $("board-message").textContent = text;
}

// Anything the page did not expect (an answer of the wrong shape, a bug) is
// said, and the page is freed: no frozen board with a stale status.
function pageFailed(reason) {
  showError(new Error(`Something went wrong on the page: ${errorText(reason)}`));
  page.search = null;
  page.halted = true;
  setBusy(false);
}
window.addEventListener("error", (e) => {
  e.preventDefault();
  pageFailed(e.error || e.message);
});
window.addEventListener("unhandledrejection", (e) => {
  e.preventDefault();
  pageFailed(e.reason);
});

// The page cannot work at all (no engine, no API): every control is off, and the message says why.
function pageBroken(error) {
  showError(error);
  document.body.dataset.broken = "true";
  for (const control of document.querySelectorAll("button, select, input, textarea")) control.disabled = true;
  $("load-label").classList.add("disabled");
}

function setBusy(busy) {
  page.busy = busy;
  document.body.dataset.busy = busy ? "true" : "false";
  const broken = document.body.dataset.broken === "true";
  for (const id of ["undo", "new-game", "download", "load"]) $(id).disabled = busy || broken;
  $("load-label").classList.toggle("disabled", busy);
  render();
}

// The engine's time per move, kept within what the API allows: a number
// typed out of range is corrected where it is shown, never sent (an empty
// field means the default, and is left as it is while being typed in).
function movetime() {
  const input = $("movetime");
  const typed = parseInt(input.value, 10);
  if (!Number.isFinite(typed)) return 500;
  const ms = Math.min(page.maxMovetime, Math.max(10, typed));
  if (ms !== typed) input.value = ms;
  return ms;
}

// "b1-d3" or "b1xd3" -> ["b1", "d3"]; a pass has no squares.
function squaresOf(move) { return move === "pass" ? null : [move.slice(0, 2), move.slice(3, 5)]; }

function squareName(file, rank) { return String.fromCharCode(97 + file) + (rank + 1); }

function render() {
  const game = page.game;
  if (!game) return;
  const size = game.rules.board_size;
  const board = $("board");
  board.style.gridTemplateColumns = `repeat(${size}, var(--square))`;
  board.replaceChildren();
  const bonus = new Map(game.rules.bonus.map((b) => [b.square, b.points]));
  const last = game.last_move ? squaresOf(game.last_move) : null;
  const targets = new Map();
  if (page.selected)
    for (const m of game.legal_moves) {
      const sq = squaresOf(m);
      if (sq && sq[0] === page.selected) targets.set(sq[1], m);
    }
  const humanToMove = !game.over && page.players[game.to_move] === "human" && !page.busy;
  for (let row = 0; row < size; ++row) {
    const rank = size - 1 - row;
    for (let file = 0; file < size; ++file) {
      const name = squareName(file, rank);
      const cell = document.createElement("div");
      cell.className = "square " + ((file + rank) % 2 ? "light" : "dark");
      cell.dataset.square = name;
      const piece = game.board[row][file];
      if (piece !== ".") {
        const p = document.createElement("div");
        p.className = "piece " + (piece === "b" ? "black" : "white");
        cell.appendChild(p);
        if (humanToMove && piece === game.to_move[0]) cell.classList.add("mine");
      }
      if (bonus.has(name)) {
        cell.classList.add("bonus-square");
        const label = document.createElement("span");
        label.className = "bonus";
        label.textContent = "+" + bonus.get(name);
        cell.appendChild(label);
      }
      if (row === size - 1) cell.appendChild(Object.assign(document.createElement("span"),
                                                          { className: "coord file", textContent: name[0] }));
      if (file === 0) cell.appendChild(Object.assign(document.createElement("span"),
                                                     { className: "coord rank", textContent: name.slice(1) }));
      if (last && (last[0] === name || last[1] === name)) cell.classList.add("last");
      if (page.selected === name) cell.classList.add("selected");
      if (targets.has(name)) {
        cell.classList.add("target");
        cell.dataset.move = targets.get(name);
      }
      cell.addEventListener("click", () => clickSquare(name));
      board.appendChild(cell);
    }
  }
  renderStatus(game);
  renderMoves(game);
}

function renderStatus(game) {
  const result = $("result");
  if (game.over) {
    const r = game.result;
    result.hidden = false;
    result.textContent = (r.winner ? `${capital(r.winner)} wins` : "Draw") + ` by ${r.reason} (${r.token})`;
    $("status").textContent = "Game over";
  } else {
    result.hidden = true;
    const who = page.players[game.to_move] === "engine" ? "engine" : "you";
    $("status").textContent = `${capital(game.to_move)} to move (${who}), ply ${game.ply}` +
      (game.legal_moves.length === 1 && game.legal_moves[0] === "pass" ? ": no move, must pass" : "");
  }
  const points = $("points");
  points.hidden = !game.rules.scores_points;
  points.textContent = `Points: Black ${game.points.black}, White ${game.points.white}`;
  const engineThinking = page.search && page.search.kind === "engine-move";
  $("engine-now").textContent = engineThinking ? "Move now" : humanMustPass(game) ? "Pass" : "Engine move";
  $("engine-now").disabled = page.busy && !engineThinking;
  $("analyse").textContent = page.search && page.search.kind === "analysis" ? "Stop" : "Analyse";
  $("analyse").disabled = page.busy;
}

// One line per move number, Black's and White's plies side by side.
function renderMoves(game) {
  const list = $("moves");
  list.replaceChildren();
  const startPly = game.ply - game.moves.length;
  let line = null;
  game.moves.forEach((move, i) => {
    const ply = startPly + i;
    if (!line || ply % 2 === 0) {
      line = document.createElement("li");
      line.value = Math.floor(ply / 2) + 1;
      if (ply % 2 === 1) line.appendChild(Object.assign(document.createElement("span"), { className: "ply gap" }));
      list.appendChild(line);
    }
    const span = document.createElement("span");
    span.className = "ply" + (i === game.moves.length - 1 ? " current" : "");
    span.textContent = move;
    line.appendChild(span);
  });
  list.scrollTop = list.scrollHeight;
}

function capital(text) { return text[0].toUpperCase() + text.slice(1); }

function humanMustPass(game) {
  return !game.over && page.players[game.to_move] === "human" && game.legal_moves.length === 1 &&
    game.legal_moves[0] === "pass";
}

async function clickSquare(name) {
  const game = page.game;
  if (!game || game.over || page.busy || page.players[game.to_move] !== "human") return;
  const target = document.querySelector(`.square[data-square="${name}"]`);
  if (target && target.dataset.move) {
    page.selected = null;
    await play(target.dataset.move);
    return;
  }
  const row = game.rules.board_size - 1 - (name.charCodeAt(1) - 49);
  const piece = game.board[row][name.charCodeAt(0) - 97];
  page.selected = piece === game.to_move[0] && page.selected !== name ? name : null;
  render();
}

// Every change to the game first ends a running analysis (and waits for
// its end), so that the engine's reply never finds the game still searched
// and the analysis shown is never of a position gone by.
async function play(move) {
  showError(null);
  page.halted = false;
  setBusy(true);
  await stopSearch();
  try {
    page.game = await api("POST", `api/games/${page.game.id}/play`, { move });
  } catch (e) {
    showError(e);
  }
  setBusy(false);
  engineIfItsTurn();
}

function clearSearch() {
  $("eval-fill").style.height = "50%";
  $("eval-bar").title = "evaluation, Black at the bottom";
  for (const id of ["an-depth", "an-score", "an-nodes"]) $(id).textContent = "–";
  $("an-pv").textContent = "";
}

function showSearch(info) {
  $("an-depth").textContent = info.depth;
  // Labelled with the side it favours: "+343" alone reads as the viewer's own.
  $("an-score").textContent = info.summary;
  $("an-nodes").textContent = info.nodes.toLocaleString("en");
  $("an-pv").textContent = info.pv.join(" ");
  // The bar shows Black's share: decided games fill it, others follow tanh.
  const s = info.black_score;
  const share = Math.abs(s) >= 29000 ? (s > 0 ? 1 : 0) : 0.5 + 0.5 * Math.tanh(s / 600);
  $("eval-fill").style.height = `${(share * 100).toFixed(1)}%`;
  $("eval-bar").title = `${info.summary} (Black's share ${(share * 100).toFixed(0)}%)`;
}

// Starts a search of the current game; page.search.done settles at its end.
function startSearch(kind, path, method, body) {
  const gameId = page.game.id;
  const run = transport.stream(method, path, body, page.token, (name, data) => {
    if (!page.game || page.game.id !== gameId) return;  // a search of a game since replaced
    if (name === "info") showSearch(data);
    else if (name === "done") {
      if (data.state) page.game = data.state;
      showSearch(data.search);
    } else if (name === "error") throw new Error(data.error);
  });
  const search = { kind, done: run.finally(() => { if (page.search === search) page.search = null; render(); }) };
  page.search = search;
  render();
  return search.done;
}

// Asks a running search to end now and waits for its end: an analysis
// answers what it has, an engine move plays its best move so far.
async function stopSearch() {
  const search = page.search;
  if (!search) return;
  try {
    await api("POST", `api/games/${page.game.id}/stop`, {});
  } catch (e) {
    // The search may have ended meanwhile; its end is awaited below either way.
  }
  await search.done.catch(() => {});
}

async function engineMove() {
  if (!page.game || page.game.over) return;
  showError(null);
  setBusy(true);
  await stopSearch();
  try {
    await startSearch("engine-move", `api/games/${page.game.id}/engine-move`, "POST",
                      { movetime_ms: movetime(), eval: $("eval").value });
  } catch (e) {
    showError(e);
    page.halted = true;  // no endless retries: the players stay as chosen, the user moves on
  }
  setBusy(false);
  engineIfItsTurn();
}

function engineIfItsTurn() {
  const game = page.game;
  if (game && !game.over && page.players[game.to_move] === "engine" && !page.busy && !page.halted) {
    setBusy(true);  // busy from now: a click before the search starts is ignored
    setTimeout(engineMove, 30);  // let the page draw the last move first
  }
}

async function newGame(body) {
  showError(null);
  page.halted = false;
  page.players = { black: $("black").value, white: $("white").value };
  page.selected = null;
  setBusy(true);
  await stopSearch();
  try {
    const game = await api("POST", "api/games", body);
    // The game before is dropped: a server keeps only the games in use.
    if (page.game) api("DELETE", `api/games/${page.game.id}`).catch(() => {});
    page.token = game.token;
    page.game = game;
    clearSearch();
  } catch (e) {
    showError(e);
  }
  setBusy(false);
  engineIfItsTurn();
}

function newGameFromControls() {
  const variant = $("variant").value.trim();
  return newGame(variant ? { variant } : { rules: $("rules").value });
}

async function undo() {
  const game = page.game;
  if (!game || game.moves.length === 0 || page.busy) return;
  // Back to a position where a human is to move: one ply, or two when the
  // engine answered the human's last move.
  let plies = 1;
  const previous = game.to_move === "black" ? "white" : "black";
  if (page.players[game.to_move] === "human" && page.players[previous] === "engine" && game.moves.length >= 2)
    plies = 2;
  if (game.over && page.players[previous] === "engine" && game.moves.length >= 2) plies = 2;
  page.halted = false;
  setBusy(true);
  await stopSearch();
  try {
    page.game = await api("POST", `api/games/${game.id}/undo`, { plies });
    clearSearch();
  } catch (e) {
    showError(e);
  }
  page.selected = null;
  setBusy(false);
}

async function analyse() {
  if (page.search && page.search.kind === "analysis") return stopSearch();
  if (!page.game || page.game.over || page.search) return;
  showError(null);
  const query = new URLSearchParams({ movetime_ms: Math.min(page.maxMovetime, Math.max(movetime(), 3000)),
                                      eval: $("eval").value });
  try {
    await startSearch("analysis", `api/games/${page.game.id}/analysis?${query}`, "GET", undefined);
  } catch (e) {
    showError(e);
  }
}

async function download() {
  if (!page.game) return;
  const query = new URLSearchParams({ black: page.players.black, white: page.players.white });
  try {
    const text = await api("GET", `api/games/${page.game.id}/record?${query}`);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = `loa-${page.game.id}.txt`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  } catch (e) {
    showError(e);
  }
}

async function loadRecord(event) {
  const file = event.target.files[0];
  if (!file) return;
  const record = await file.text();
  event.target.value = "";
  await newGame({ record });
}

// The API is there (loa serve) or not (static files: the WebAssembly
// engine): api.json says which, from either (a file in the static folder; an
// answer of loa serve), so that neither mode probes for what is missing.
async function chooseTransport() {
  let where = "local";
  try {
    const response = await fetch("api.json", { cache: "no-store" });
    if (response.ok) where = (await response.json()).api;
  } catch (e) {
    // No server at all (a file: URL): the same as a static host.
  }
  if (where === "server") return;
  const local = await import("./local.js");
  transport = await local.createTransport();
}

async function start() {
  $("new-game").addEventListener("click", newGameFromControls);
  $("undo").addEventListener("click", undo);
  $("engine-now").addEventListener("click", () => {
    page.halted = false;
    if (page.search && page.search.kind === "engine-move") return stopSearch();
    return humanMustPass(page.game) ? play("pass") : engineMove();
  });
  $("analyse").addEventListener("click", analyse);
  $("download").addEventListener("click", download);
  $("load").addEventListener("change", loadRecord);
  $("movetime").addEventListener("change", movetime);
  for (const side of ["black", "white"])
    $(side).addEventListener("change", () => {
      page.players[side] = $(side).value;
      page.halted = false;
      render();
      engineIfItsTurn();
    });
  try {
    await chooseTransport();
    document.body.dataset.transport = transport.name;
    $("mode").textContent = transport.name === "server" ? "engine on the server" : "engine in your browser";
    const rules = await api("GET", "api/rules");
    page.presets = rules.presets;
    for (const r of rules.presets) {
      const option = document.createElement("option");
      option.value = r.name;
      option.textContent = `${r.name} (${r.board_size}x${r.board_size})`;
      option.title = r.description;
      $("rules").appendChild(option);
    }
    page.maxMovetime = rules.max_movetime_ms;
    $("movetime").max = rules.max_movetime_ms;
  } catch (e) {
    pageBroken(e);
    return;
  }
  await newGameFromControls();
}

start();
