#!/usr/bin/env python3
"""The page of `loa serve` in a real browser, used as a person uses it.

Starts `loa serve` on a free port, opens the page in headless Chromium
(Debian's chromium and chromium-driver, driven by python3-selenium) and,
for each preset named, plays a whole game against the engine by clicking:
a piece, then one of the destinations the page marks. On the way it takes
a move pair back with Undo; at the end it checks that the move list and the
result banner say what the server says, saves a screenshot, downloads the
record and loads it back through the page's file input. Then an engine
against engine game on 6x6 to its end, and the Analyse button's live lines.

With --static DIR, the same against the static folder loa-web/ (the engine in
WebAssembly, in a Web Worker) served by `python3 -m http.server`: no loa
process at all; the API's answers are then read through the page's own
WebAssembly transport.

At the end, errors (issue 82, point 7): an error the page did not expect, and a
rejected promise, are said beside the board and leave the page free; then the
page is broken on purpose: the server stopped (the player is told it does not
answer, in words) or, for the static folder, a copy without loa.wasm (the page
says so and every control is off).

usage: serve_browser.py LOA SCREENSHOT_DIR PRESET...
       serve_browser.py --static DIR SCREENSHOT_DIR PRESET...
Exit code 0 when every check holds, 1 with a message otherwise.
"""
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def start_server(loa):
    server = subprocess.Popen([loa, "serve", "--port", "0", "--engines", "2", "--hash", "8"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = server.stdout.readline()
    check("http://" in line, f"loa serve printed no address: {line!r}")
    return server, line.split("open ")[1].split()[0]


def start_static(folder):
    """A plain static server: python3 -m http.server on a free port."""
    check(os.path.exists(os.path.join(folder, "loa.wasm")), f"{folder} holds no loa.wasm: build the loa-web target")
    server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory",
                               folder], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline()  # "Serving HTTP on 127.0.0.1 port N (http://127.0.0.1:N/) ..."
    check("port" in line, f"http.server printed no port: {line!r}")
    return server, f"http://127.0.0.1:{line.split('port ')[1].split()[0]}/"


def browser():
    options = Options()
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 "--window-size=1300,900"):
        options.add_argument(flag)
    chromium = "/usr/bin/chromium"
    if os.path.exists(chromium):
        options.binary_location = chromium
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def wait_idle(driver, timeout=60):
    WebDriverWait(driver, timeout).until(
        lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-busy") == "false")


def api_get(driver, base, path):
    """GET on the API, apart from the page's drawing: over HTTP with the game's token when a server answers,
    else through the page's WebAssembly transport (the static folder)."""
    token = driver.execute_script("return page.token")
    if driver.execute_script("return transport.name") == "server":
        request = urllib.request.Request(f"{base}{path}", headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request) as r:
            return r.read().decode()
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "transport.request('GET', arguments[0], undefined, arguments[1]).then(r => done(r.text), e => done(String(e)));",
        path, token)


def api_state(driver, base, game_id):
    return json.loads(api_get(driver, base, f"api/games/{game_id}"))


def move_list(driver):
    return driver.execute_script("return [...document.querySelectorAll('#moves .ply:not(.gap)')].map(s => s.textContent)")


def human_move(driver, rng):
    """Clicks own pieces until one shows destinations, then clicks one of them."""
    mine = driver.find_elements(By.CSS_SELECTOR, ".square.mine")
    if not mine:  # no piece can move: the page offers a Pass button
        button = driver.find_element(By.ID, "engine-now")
        check(button.text == "Pass", f"no piece to move and no Pass button (button says {button.text!r})")
        button.click()
        return
    squares = [m.get_attribute("data-square") for m in mine]
    rng.shuffle(squares)
    for square in squares:
        driver.find_element(By.CSS_SELECTOR, f'.square[data-square="{square}"]').click()
        targets = driver.find_elements(By.CSS_SELECTOR, ".square.target")
        if targets:
            rng.choice(targets).click()
            return
        driver.find_element(By.CSS_SELECTOR, f'.square[data-square="{square}"]').click()  # put it down
    raise Failure("no piece of the side to move shows a destination, yet the game is not over")


def play_game(driver, base, preset, shots, rng):
    Select(driver.find_element(By.ID, "rules")).select_by_value(preset)
    Select(driver.find_element(By.ID, "black")).select_by_value("human")
    Select(driver.find_element(By.ID, "white")).select_by_value("engine")
    movetime = driver.find_element(By.ID, "movetime")
    movetime.clear()
    movetime.send_keys("20")
    driver.find_element(By.ID, "new-game").click()
    wait_idle(driver)
    game_id = driver.execute_script("return page.game.id")
    check(api_state(driver, base, game_id)["rules"]["name"] == preset, f"{preset}: the page started another preset")
    size = api_state(driver, base, game_id)["rules"]["board_size"]
    check(len(driver.find_elements(By.CSS_SELECTOR, "#board .square")) == size * size,
          f"{preset}: the board does not have {size}x{size} squares")

    undone = False
    for _ in range(600):
        wait_idle(driver)
        if driver.find_element(By.ID, "result").is_displayed():
            break
        try:
            human_move(driver, rng)
        except StaleElementReferenceException:
            continue  # the page redrew under the click: look again
        wait_idle(driver)
        # Once, after the engine's first answer: take the pair back and replay.
        if not undone and len(move_list(driver)) >= 2 and not driver.find_element(By.ID, "result").is_displayed():
            before = move_list(driver)
            driver.find_element(By.ID, "undo").click()
            wait_idle(driver)
            check(move_list(driver) == before[:-2], f"{preset}: Undo did not take back a move pair: "
                                                    f"{before[-4:]} -> {move_list(driver)[-4:]}")
            undone = True
    else:
        raise Failure(f"{preset}: no result after 600 clicks")
    check(undone, f"{preset}: the game ended before Undo could be tried")

    state = api_state(driver, base, game_id)
    check(state["over"], f"{preset}: the page shows a result but the server's game is not over")
    check(move_list(driver) == state["moves"],
          f"{preset}: the move list differs from the server's:\n{move_list(driver)}\n{state['moves']}")
    result = state["result"]
    expected = (f"{result['winner'].capitalize()} wins" if result["winner"] else "Draw") + \
        f" by {result['reason']} ({result['token']})"
    banner = driver.find_element(By.ID, "result").text
    check(banner == expected, f"{preset}: the banner says {banner!r}, the server {expected!r}")
    depth = driver.find_element(By.ID, "an-depth").text
    check(depth.isdigit(), f"{preset}: the engine's analysis was never shown (depth {depth!r})")
    if state["rules"]["scores_points"]:
        points = driver.find_element(By.ID, "points").text
        want = f"Points: Black {state['points']['black']}, White {state['points']['white']}"
        check(points == want, f"{preset}: points shown {points!r}, server {want!r}")
        check(driver.find_elements(By.CSS_SELECTOR, ".square.bonus-square"), f"{preset}: no bonus square marked")
    shot = os.path.join(shots, f"{driver.execute_script('return transport.name')}-{preset}.png")
    driver.save_screenshot(shot)
    print(f"{preset}: {len(state['moves'])} plies, {banner}; screenshot {shot}")

    # The record out through the page's link, and back in through its file input.
    record = api_get(driver, base, f"api/games/{game_id}/record?black=human&white=engine")
    check(f'[Result "{result["token"]}"]' in record, f"{preset}: the record lacks the result:\n{record}")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(record)
    try:
        Select(driver.find_element(By.ID, "white")).select_by_value("human")
        driver.find_element(By.ID, "load").send_keys(f.name)
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return page.game.id") != game_id)
        wait_idle(driver)
    finally:
        os.unlink(f.name)
    check(move_list(driver) == state["moves"], f"{preset}: the loaded record shows other moves")
    check(driver.find_element(By.ID, "result").text == expected, f"{preset}: the loaded record shows no result")


def engine_game_and_analysis(driver, base, preset):
    """Engine against engine to the end; then a human-against-human game analysed."""
    Select(driver.find_element(By.ID, "rules")).select_by_value(preset)
    Select(driver.find_element(By.ID, "black")).select_by_value("engine")
    Select(driver.find_element(By.ID, "white")).select_by_value("engine")
    driver.find_element(By.ID, "new-game").click()
    WebDriverWait(driver, 240).until(lambda d: d.find_element(By.ID, "result").is_displayed())
    wait_idle(driver)
    state = api_state(driver, base, driver.execute_script("return page.game.id"))
    check(state["over"] and move_list(driver) == state["moves"] and len(state["moves"]) > 4,
          f"{preset}: engine against engine: {len(state['moves'])} moves, over {state['over']}")
    print(f"{preset}: engine against engine, {len(state['moves'])} plies, {driver.find_element(By.ID, 'result').text}")

    Select(driver.find_element(By.ID, "black")).select_by_value("human")
    Select(driver.find_element(By.ID, "white")).select_by_value("human")
    driver.find_element(By.ID, "new-game").click()
    wait_idle(driver)
    driver.find_element(By.ID, "analyse").click()
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "analyse").text == "Analyse")
    depth = driver.find_element(By.ID, "an-depth").text
    check(depth.isdigit() and int(depth) >= 3, f"{preset}: the analysis showed depth {depth!r}")
    check(driver.find_element(By.ID, "an-pv").text.strip(), f"{preset}: the analysis showed no line")
    check(move_list(driver) == [], f"{preset}: the analysis played a move")


def races(driver):
    """The page's races (issue 28, point 5): a move while Analyse runs, Load and Move now while the engine
    thinks, an engine time typed out of range."""
    def new_game(preset, black, white, ms):
        wait_idle(driver)
        # Set without a change event: a side turned to engine would start on the current game.
        driver.execute_script("document.getElementById('black').value = arguments[0];"
                              "document.getElementById('white').value = arguments[1];", black, white)
        Select(driver.find_element(By.ID, "rules")).select_by_value(preset)
        movetime = driver.find_element(By.ID, "movetime")
        movetime.clear()
        movetime.send_keys(str(ms))
        driver.find_element(By.ID, "new-game").click()

    def message():
        return driver.find_element(By.ID, "message").text

    # A move while the analysis runs: the analysis ends first, the engine answers (no 409), the players stay.
    new_game("six", "human", "engine", 300)
    wait_idle(driver)
    driver.find_element(By.ID, "analyse").click()
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "an-depth").text.isdigit())
    check(driver.find_element(By.ID, "analyse").text == "Stop", "Analyse: the button does not offer Stop")
    human_move(driver, random.Random(3))
    WebDriverWait(driver, 60).until(lambda d: len(move_list(d)) == 2)
    wait_idle(driver)
    check(message() == "", f"a move during the analysis: the page says {message()!r}")
    players = [Select(driver.find_element(By.ID, side)).first_selected_option.get_attribute("value")
               for side in ("black", "white")]
    check(players == ["human", "engine"], f"a move during the analysis: the players became {players}")
    pv = driver.find_element(By.ID, "an-pv").text.split()
    check(pv and pv[0] == move_list(driver)[1], f"the line shown ({pv[:3]}) is not the engine's last search "
                                               f"(it played {move_list(driver)[1]})")
    check(driver.find_element(By.ID, "an-score").text.split()[0] in ("Black", "White", "Even"),
          f"the score names no side: {driver.find_element(By.ID, 'an-score').text!r}")

    # While the engine thinks: Load is disabled, and Move now makes it play at once.
    new_game("olympiad", "engine", "human", 8000)
    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return page.game.rules.name") == "olympiad")
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "engine-now").text == "Move now")
    WebDriverWait(driver, 30).until(lambda d: d.find_element(By.ID, "an-depth").text.isdigit())
    check(not driver.find_element(By.ID, "load").is_enabled(), "Load record is enabled while the engine thinks")
    start = time.monotonic()
    driver.find_element(By.ID, "engine-now").click()
    wait_idle(driver, timeout=30)
    check(len(move_list(driver)) == 1 and message() == "",
          f"Move now: moves {move_list(driver)}, message {message()!r} after {time.monotonic() - start:.1f} s")
    check(time.monotonic() - start < 6, f"Move now: the engine took {time.monotonic() - start:.1f} s of its 8")

    # An engine time typed out of range is corrected on the page, never sent.
    movetime = driver.find_element(By.ID, "movetime")
    movetime.clear()
    movetime.send_keys("99999999999")
    driver.find_element(By.ID, "status").click()  # leaves the field: its change event
    limit = driver.execute_script("return String(page.maxMovetime)")
    check(movetime.get_attribute("value") == limit, f"movetime 99999999999 shown as {movetime.get_attribute('value')}")
    movetime.clear()
    movetime.send_keys("20")
    driver.find_element(By.ID, "status").click()
    print("races: a move during Analyse, Load and Move now while the engine thinks, a time out of range: ok")


def labels_apart(driver):
    """A bonus square on the a-file shows its points and its rank number apart (issue 28: the label covered it)."""
    wait_idle(driver)
    driver.execute_script("document.getElementById('black').value = 'human';"
                          "document.getElementById('white').value = 'human';")
    driver.find_element(By.ID, "variant-box").click()
    variant = driver.find_element(By.ID, "variant")
    variant.clear()
    variant.send_keys("[edge : loaps]\nbonus = a3=2 a5=3 b7=1")
    driver.find_element(By.ID, "new-game").click()
    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return page.game.rules.name") == "edge")
    wait_idle(driver)
    for square in ("a3", "a5"):
        overlap = driver.execute_script("""
            const cell = document.querySelector(`.square[data-square="${arguments[0]}"]`);
            const a = cell.querySelector(".bonus").getBoundingClientRect();
            const b = cell.querySelector(".coord.rank").getBoundingClientRect();
            return Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
                   Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));""", square)
        check(overlap == 0, f"{square}: the bonus label covers the rank number ({overlap} px²)")
    variant.clear()
    driver.find_element(By.ID, "variant-box").click()
    print("labels: an a-file bonus and its rank number apart: ok")


def engine_limits(driver):
    """An engine move's depth and node limits hold in both transports: the WebAssembly worker once searched
    {"depth": 1, "movetime_ms": 5000} to depth 14 for 5.7 s, where loa serve stops at depth 1."""
    answers = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const made = await transport.request("POST", "api/games", {rules: "olympiad"});
          const game = JSON.parse(made.text);
          const out = [];
          for (const limits of [{depth: 1, movetime_ms: 5000}, {depth: 3, movetime_ms: 5000},
                                {nodes: 400, movetime_ms: 5000}]) {
            const e = await transport.request("POST", `api/games/${game.id}/engine-move`, limits, game.token);
            out.push(JSON.parse(e.text).search);
            await transport.request("POST", `api/games/${game.id}/undo`, {}, game.token);
          }
          return out;
        })().then(done, (e) => done([{error: String(e)}]));""")
    depths = [a.get("depth") for a in answers[:2]]
    check(depths == [1, 3], f"engine moves limited to depth 1 and 3 searched to depths {depths}: {answers[:2]}")
    nodes = answers[2].get("nodes", 10**9)
    # The engine checks its node budget every few hundred nodes: well under a search of 5 s.
    check(nodes <= 2000, f"an engine move limited to 400 nodes searched {nodes}: {answers[2]}")


def proof_book(driver):
    """The static folder's proof (LOA_WEB_PROOFS): the engine in the browser plays its wins without searching."""
    answer = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const made = await transport.request("POST", "api/games",
                                               {rules: "six", moves: "e6-e4 f5-d5 d1-d4 f4-d2"});
          const game = JSON.parse(made.text);
          const r = await transport.request("POST", `api/games/${game.id}/engine-move`, {movetime_ms: 500},
                                            game.token);
          return JSON.parse(r.text);
        })().then(done, (e) => done({error: String(e)}));""")
    search = answer.get("search", {})
    check(search.get("nodes") == 0 and search.get("score_text", "").startswith("win in"),
          f"the static page's proof was not played: {answer}")
    print(f"proof book: black plays {answer['move']} ({search['score_text']}, 0 nodes)")


def board_message(driver, text, timeout=30):
    """Waits until the message beside the board holds `text`; that message, which must be on screen."""
    WebDriverWait(driver, timeout).until(lambda d: text in d.find_element(By.ID, "board-message").text)
    element = driver.find_element(By.ID, "board-message")
    check(element.is_displayed(), f"the message {element.text!r} is not displayed")
    return element.text


def error_display(driver):
    """An error the page did not expect is said beside the board, and frees the page (issue 82, point 7)."""
    # Through a script of the page's own (an injected script's errors reach the page as "Script error.").
    in_page = ("const s = document.createElement('script'); s.textContent = arguments[0]; "
               "document.head.appendChild(s);")
    driver.execute_script(in_page, "setTimeout(() => { throw new Error('boom'); }, 0);")
    board_message(driver, "Something went wrong on the page: boom")
    check(driver.find_element(By.TAG_NAME, "body").get_attribute("data-busy") == "false", "busy after an error")
    driver.execute_script(in_page, "Promise.reject(new Error('a late answer'));")
    board_message(driver, "Something went wrong on the page: a late answer")
    driver.find_element(By.ID, "new-game").click()
    wait_idle(driver)
    check(driver.find_element(By.ID, "board-message").text == "", "the message stayed after a new game")


def lost_server(driver, server):
    """The server gone: the player is told so in words, beside the board (not "Failed to fetch")."""
    server.terminate()
    server.wait(timeout=10)
    driver.find_element(By.ID, "new-game").click()
    text = board_message(driver, "does not answer")
    check("Failed to fetch" not in text, f"the browser's words: {text!r}")


def missing_wasm(driver, folder):
    """A static folder without loa.wasm: the page says so and every control is off (not Emscripten's abort)."""
    with tempfile.TemporaryDirectory() as copy:
        for name in os.listdir(folder):
            if name != "loa.wasm" and os.path.isfile(os.path.join(folder, name)):
                shutil.copy(os.path.join(folder, name), copy)
        server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
                                   "--directory", copy], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            port = server.stdout.readline().split("port ")[1].split()[0]
            driver.get(f"http://127.0.0.1:{port}/")
            text = board_message(driver, "could not be loaded")
            check("loa.wasm" in text and "Aborted" not in text, f"a missing loa.wasm: {text!r}")
            enabled = [b.get_attribute("id") for b in driver.find_elements(By.CSS_SELECTOR, "button, select")
                       if b.is_enabled()]
            check(not enabled, f"controls still enabled with no engine: {enabled}")
        finally:
            server.terminate()
            server.wait(timeout=10)


def main():
    if len(sys.argv) < 4:
        print(__doc__)
        return 2
    static = sys.argv[1] == "--static"
    args = sys.argv[2:] if static else sys.argv[1:]
    if len(args) < 3:
        print(__doc__)
        return 2
    target, shots, presets = args[0], args[1], args[2:]
    os.makedirs(shots, exist_ok=True)
    server, base = start_static(target) if static else start_server(target)
    driver = None
    try:
        driver = browser()
        driver.get(base)
        WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#rules option"))
        wait_idle(driver)
        mode = driver.execute_script("return transport.name")
        check(mode == ("browser" if static else "server"), f"the page chose the {mode} transport")
        print(f"serve_browser: the page runs the engine {'in the browser' if static else 'on the server'}")
        rng = random.Random(7)
        for preset in presets:
            play_game(driver, base, preset, shots, rng)
        engine_game_and_analysis(driver, base, "six")
        races(driver)
        labels_apart(driver)
        engine_limits(driver)
        if static:
            proof_book(driver)
        error_display(driver)
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        check(not errors, f"the page logged errors: {errors}")
        # Last: these break the page on purpose.
        if static:
            missing_wasm(driver, target)
        else:
            lost_server(driver, server)
    except Failure as e:
        print(f"serve_browser: FAIL: {e}")
        if driver:
            driver.save_screenshot(os.path.join(shots, f"{'static' if static else 'serve'}-browser-failure.png"))
        return 1
    finally:
        if driver:
            driver.quit()
        server.terminate()
        server.wait(timeout=10)
    check_exit = server.returncode
    print(f"serve_browser: ok ({len(presets)} games; {'static' if static else 'loa'} server exit {check_exit} "
          "on SIGTERM)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
