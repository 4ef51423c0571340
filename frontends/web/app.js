// The page of `loa serve`: draws the state the server sends and turns clicks
// into API calls (docs/protocols.md, "loa serve"). No rules live here: the
// legal moves, the result and the points all come from the server.
"use strict";

const page = {
  game: null,        // the last state from the server
  presets: [],
  selected: null,    // the square of the piece picked up, or null
  busy: false,       // a request or an engine search is running
  analysis: null,    // the EventSource of a running analysis
  players: { black: "human", white: "engine" },
};

const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

function showError(error) { $("message").textContent = error ? String(error.message || error) : ""; }

function setBusy(busy) {
  page.busy = busy;
  document.body.dataset.busy = busy ? "true" : "false";
  for (const id of ["undo", "engine-now", "new-game", "download"]) $(id).disabled = busy;
  render();
}

function movetime() { return Math.max(10, parseInt($("movetime").value, 10) || 500); }

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
  const mustPass = humanMustPass(game);
  $("engine-now").textContent = mustPass ? "Pass" : "Engine move";
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

async function play(move) {
  showError(null);
  setBusy(true);
  try {
    page.game = await api("POST", `/api/games/${page.game.id}/play`, { move });
  } catch (e) {
    showError(e);
  }
  setBusy(false);
  engineIfItsTurn();
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

function showSearch(info) {
  $("an-depth").textContent = info.depth;
  $("an-score").textContent = info.score_text;
  $("an-nodes").textContent = info.nodes.toLocaleString("en");
  $("an-pv").textContent = info.pv.join(" ");
  // The bar shows Black's share: decided games fill it, others follow tanh.
  const s = info.black_score;
  const share = Math.abs(s) >= 29000 ? (s > 0 ? 1 : 0) : 0.5 + 0.5 * Math.tanh(s / 600);
  $("eval-fill").style.height = `${(share * 100).toFixed(1)}%`;
}

async function engineMove() {
  if (!page.game || page.game.over) return;
  showError(null);
  setBusy(true);
  try {
    const response = await fetch(`/api/games/${page.game.id}/engine-move`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ movetime_ms: movetime(), stream: true }),
    });
    if (!response.ok) throw new Error((await response.json()).error);
    await readEvents(response, (name, data) => {
      if (name === "info") showSearch(data);
      else if (name === "done") { page.game = data.state; showSearch(data.search); }
      else if (name === "error") throw new Error(data.error);
    });
  } catch (e) {
    showError(e);
    page.players.black = page.players.white = "human";  // no endless retries
    $("black").value = $("white").value = "human";
  }
  setBusy(false);
  engineIfItsTurn();
}

function engineIfItsTurn() {
  const game = page.game;
  if (game && !game.over && page.players[game.to_move] === "engine" && !page.busy) {
    setBusy(true);  // busy from now: a click before the search starts is ignored
    setTimeout(engineMove, 30);  // let the page draw the last move first
  }
}

async function newGame(body) {
  stopAnalysis();
  showError(null);
  page.players = { black: $("black").value, white: $("white").value };
  page.selected = null;
  setBusy(true);
  try {
    page.game = await api("POST", "/api/games", body);
    $("eval-fill").style.height = "50%";
    for (const id of ["an-depth", "an-score", "an-nodes"]) $(id).textContent = "–";
    $("an-pv").textContent = "";
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
  stopAnalysis();
  setBusy(true);
  try {
    page.game = await api("POST", `/api/games/${game.id}/undo`, { plies });
  } catch (e) {
    showError(e);
  }
  page.selected = null;
  setBusy(false);
}

function stopAnalysis() {
  if (page.analysis) page.analysis.close();
  page.analysis = null;
  $("analyse").textContent = "Analyse";
}

function analyse() {
  if (page.analysis) return stopAnalysis();
  if (!page.game || page.game.over) return;
  const source = new EventSource(`/api/games/${page.game.id}/analysis?movetime_ms=${Math.max(movetime(), 3000)}`);
  page.analysis = source;
  $("analyse").textContent = "Stop";
  source.addEventListener("info", (e) => showSearch(JSON.parse(e.data)));
  source.addEventListener("done", (e) => { showSearch(JSON.parse(e.data).search); stopAnalysis(); });
  source.addEventListener("error", (e) => {
    if (e.data) showError(JSON.parse(e.data).error);
    stopAnalysis();
  });
}

function download() {
  if (!page.game) return;
  const query = new URLSearchParams({ black: page.players.black, white: page.players.white });
  const link = document.createElement("a");
  link.href = `/api/games/${page.game.id}/record?${query}`;
  link.download = `loa-${page.game.id}.txt`;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

async function loadRecord(event) {
  const file = event.target.files[0];
  if (!file) return;
  const record = await file.text();
  event.target.value = "";
  await newGame({ record });
}

async function start() {
  $("new-game").addEventListener("click", newGameFromControls);
  $("undo").addEventListener("click", undo);
  $("engine-now").addEventListener("click", () => (humanMustPass(page.game) ? play("pass") : engineMove()));
  $("analyse").addEventListener("click", analyse);
  $("download").addEventListener("click", download);
  $("load").addEventListener("change", loadRecord);
  for (const side of ["black", "white"])
    $(side).addEventListener("change", () => {
      page.players[side] = $(side).value;
      render();
      engineIfItsTurn();
    });
  try {
    const rules = await api("GET", "/api/rules");
    page.presets = rules.presets;
    for (const r of rules.presets) {
      const option = document.createElement("option");
      option.value = r.name;
      option.textContent = `${r.name} (${r.board_size}x${r.board_size})`;
      option.title = r.description;
      $("rules").appendChild(option);
    }
    $("movetime").max = rules.max_movetime_ms;
  } catch (e) {
    showError(e);
  }
  await newGameFromControls();
}

start();
