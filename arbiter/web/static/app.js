// The arbiter's board in a browser: the page draws the session's View (docs/session.md) and turns
// the pointer's acts into event lines (docs/format.md §2), sent to the back end
// (docs/web-api-draft.md). The board widget (vendor/cm-chessboard) only draws: position and
// markers. The physical acts are the page's own pointer handlers.

import {Chessboard, COLOR} from "./vendor/cm-chessboard/src/Chessboard.js"
import {Markers} from "./vendor/cm-chessboard/src/extensions/markers/Markers.js"

const $ = (id) => document.getElementById(id)
const MARK = {
    touched: {class: "marker-touched", slice: "markerSquare"},
    last: {class: "marker-last", slice: "markerSquare"},
    held: {class: "marker-held", slice: "markerFrame"},
}
const DRAG_THRESHOLD = 6 // pixels the pointer moves before a press becomes a lift

const app = {
    id: null,          // the session's id
    view: null,        // the latest View
    t0: performance.now(), // when the game began (real-time mode)
    timeMode: "real",
    queued: [],        // a scenario's event lines (seminar)
    quiz: null,        // the scenario's question, if any
    answered: false,
    mode: "play",
    newRulings: 0,     // how many of the last rulings came with the last event
    chain: Promise.resolve(),
    drawn: Promise.resolve(), // the board drawn (the widget draws asynchronously)
    lang: chosenLanguage(), // the language of the menu (kept in localStorage), sent with every request
    labels: {},        // the page's words in that language: {english: translated} (GET /api/labels)
    acts: [],          // the acts of a person, each the number of events it sent (Undo undoes one act)
    act: null,         // the act under way (a drag from the press to the release), if any
}
window.arbiterApp = app // for the tests and the bench

// -- the language ---------------------------------------------------------------------------------

function chosenLanguage() {
    const kept = localStorage.getItem("arbiter-lang")
    if (["en", "sr", "sr-Latn", "bg"].includes(kept)) return kept
    for (const tag of navigator.languages || []) {
        const parts = tag.toLowerCase().replace("_", "-").split("-")
        if (parts[0] === "sr") return parts.includes("latn") ? "sr-Latn" : "sr"
        if (parts[0] === "bg" || parts[0] === "en") return parts[0]
    }
    return "en"
}

function withLang(path) {
    return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(app.lang)}`
}

// A word of the page in the language chosen (the English as written when there is none).
function t(text) {
    return app.labels[text] || text
}

// A word of the view (the contract's, kept English there) in the language chosen: its label
// is "context:word" (a state "made" and a ruling's kind "made" are told apart).
function tv(context, word) {
    return app.labels[`${context}:${word}`] || word
}

function showLabels() {
    document.documentElement.lang = app.lang
    document.title = t("arbiter: the board")
    for (const element of document.querySelectorAll("[data-i18n]")) {
        if (!element.dataset.i18n) element.dataset.i18n = element.textContent
        element.textContent = t(element.dataset.i18n)
    }
    for (const [mark, attribute] of [["i18nPlaceholder", "placeholder"], ["i18nTitle", "title"], ["i18nLabel", "aria-label"]]) {
        const selector = `[data-${mark.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}]`
        for (const element of document.querySelectorAll(selector)) {
            if (!element.dataset[mark]) element.dataset[mark] = element.getAttribute(attribute)
            element.setAttribute(attribute, t(element.dataset[mark]))
        }
    }
}

async function loadLabels() {
    app.labels = app.lang === "en" ? {} : await api("GET", "/api/labels")
    showLabels()
}

// Another language: the page's words, the game's view (its rulings told again) and the quiz in it.
async function switchLanguage(lang) {
    app.lang = lang
    localStorage.setItem("arbiter-lang", lang)
    if (app.socket) app.socket.ws.close()
    await loadLabels()
    if (app.id) {
        showView((await api("GET", `/api/sessions/${app.id}`)).view, 0)
        if (app.quiz) app.quiz = (await api("GET", `/api/sessions/${app.id}/quiz`)).question
        if (app.mode === "seminar") drawSeminar()
    }
    if (app.mode === "report") validateReport()
    if (app.mode === "laws") await showLaws()
    if ($("sem-library").options.length) {  // the library's titles and topics, in the new language
        const chosen = $("sem-library").value
        await loadLibrary()
        $("sem-library").value = chosen
    }
}

// -- talking to the back end ----------------------------------------------------------------------

async function api(method, path, body, type = "json") {
    const init = {method, headers: {}}
    if (body !== undefined) {
        if (type === "json") {
            init.headers["Content-Type"] = "application/json"
            init.body = JSON.stringify(body)
        } else {
            init.headers["Content-Type"] = "application/yaml"
            init.body = body
        }
    }
    const response = await fetch(withLang(path), init)
    const text = await response.text()
    let data = null
    try {
        data = text ? JSON.parse(text) : null
    } catch {
        data = {text}
    }
    if (!response.ok) {
        const error = new Error((data && data.error) || `${response.status} ${response.statusText}`)
        error.data = data
        error.status = response.status
        throw error
    }
    return data
}

function say(text) {
    $("message").textContent = text || ""
}

// Every act goes through one chain, so that the lines reach the server in the order done.
function enqueue(task) {
    app.chain = app.chain.then(task).catch((error) => say(error.message))
    return app.chain
}

// The live board speaks over a websocket: one open connection per session, answers in the order
// of the lines sent (the chain sends one at a time). Where no socket can be opened, HTTP does.
function socketFor(id) {
    if (app.socket && app.socket.id === id && app.socket.ws.readyState <= WebSocket.OPEN) return app.socket
    if (app.socket) app.socket.ws.close()
    const scheme = location.protocol === "https:" ? "wss:" : "ws:"
    const ws = new WebSocket(`${scheme}//${location.host}${withLang(`/ws/sessions/${id}`)}`)
    const socket = {id, ws, waiting: []}
    socket.open = new Promise((resolve, reject) => {
        ws.onopen = resolve
        ws.onerror = () => reject(new Error(t("no websocket")))
    })
    socket.open.catch(() => {})
    ws.onmessage = (message) => {
        const waiter = socket.waiting.shift()
        if (waiter) waiter.resolve(JSON.parse(message.data))
    }
    ws.onclose = () => {
        for (const waiter of socket.waiting.splice(0)) waiter.reject(new Error(t("the connection to the server closed")))
        if (app.socket === socket) app.socket = null
    }
    app.socket = socket
    return socket
}

async function overSocket(message) {
    const socket = socketFor(app.id)
    await socket.open
    return new Promise((resolve, reject) => {
        socket.waiting.push({resolve, reject})
        socket.ws.send(JSON.stringify(message))
    })
}

async function stepOf(line) {
    let data
    try {
        data = await overSocket({line})
    } catch {
        return (await api("POST", `/api/sessions/${app.id}/events`, {line})).step
    }
    if (data.error) {
        const error = new Error(data.error)
        error.data = data
        throw error
    }
    return data.step
}

async function postEvent(line) {
    if (!app.id) return
    try {
        showStep(await stepOf(line))
    } catch (error) {
        say(`${line}: ${error.message}`)
        // The game is left as it was: draw it again (a piece dragged goes back).
        if (error.status !== 404) draw(app.view)
        throw error
    }
}

// An act as a person thinks of it (a dragged move: its touch, lift and drop) is one Undo: the
// events it sent are counted on it, the act under way or one of its own.
function actFor() {
    if (app.act) return app.act
    const act = {events: 0}
    app.acts.push(act)
    return act
}

async function counted(act, line) {
    await postEvent(line)
    act.events += 1
}

function send(line) {
    const act = actFor()
    return enqueue(() => counted(act, line))
}

function sendAll(lines) {
    // All queued at once, in order; a failing line stops the ones after it (the rest of the act
    // makes no sense without it).
    let failed = false
    let last = app.chain
    const act = actFor()
    for (const line of lines) {
        last = enqueue(async () => {
            if (failed) return
            try {
                await counted(act, line)
            } catch (error) {
                failed = true
                throw error
            }
        })
    }
    return last
}

async function action(name) {
    return enqueue(async () => {
        if (!app.id) return
        try {
            const data = await api("POST", `/api/sessions/${app.id}/${name}`)
            if (data.step) showStep(data.step)
            else showView(data.view, 0)
        } catch (error) {
            say(error.message)
        }
    })
}

// -- building event lines -------------------------------------------------------------------------

const BOARD_VERBS = new Set(["touch", "adjust", "lift", "place", "release", "drop", "remove", "put", "press"])

function actorFor(view) {
    const chosen = $("actor").value
    if (chosen !== "auto") return chosen
    if (view && view.hands.length) return view.hands[0].player
    return view ? view.to_move : "white"
}

function atWord() {
    if (app.timeMode === "real") {
        return `at=${((performance.now() - app.t0) / 1000).toFixed(1)}`
    }
    const at = $("at").value
    return at === "" ? "" : `at=${at}`
}

function line(act, actor = actorFor(app.view)) {
    const verb = act.split(" ")[0]
    const words = [`${actor}: ${act}`]
    const at = atWord()
    if (at) words.push(at)
    if (BOARD_VERBS.has(verb)) words.push(`hand=${$("hand").value}`)
    return words.join(" ")
}

// -- the board ------------------------------------------------------------------------------------

const board = new Chessboard($("board"), {
    position: "8/8/8/8/8/8/8/8",
    assetsUrl: "/static/vendor/cm-chessboard/assets/",
    style: {cssClass: "default", showCoordinates: true, animationDuration: 0},
    extensions: [{class: Markers, props: {autoMarkers: null}}],
})

app.orientation = () => board.getOrientation()

function pieceSvg(letter) {
    const name = (letter === letter.toUpperCase() ? "w" : "b") + letter.toLowerCase()
    return `<svg viewBox="0 0 40 40" aria-hidden="true"><use href="#${name}"></use></svg>`
}

function boardRect() {
    return $("board").querySelector("svg").getBoundingClientRect()
}

// The square under the client point (x, y), or null off the board.
function squareAt(x, y) {
    const rect = boardRect()
    const col = Math.floor((x - rect.left) / (rect.width / 8))
    const row = Math.floor((y - rect.top) / (rect.height / 8))
    if (col < 0 || col > 7 || row < 0 || row > 7) return null
    const white = board.getOrientation() === COLOR.white
    const file = white ? col : 7 - col
    const rank = white ? 7 - row : row
    return "abcdefgh"[file] + (rank + 1)
}

function colourOf(letter) {
    return letter === letter.toUpperCase() ? "white" : "black"
}

function draw(view) {
    if (!view) return
    app.drawn = board.setPosition(view.board, false)
    board.removeMarkers()
    if (view.last_move) {
        board.addMarker(MARK.last, view.last_move.from_square)
        board.addMarker(MARK.last, view.last_move.to_square)
    }
    for (const touch of view.touched) board.addMarker(MARK.touched, touch.square)
    for (const held of view.hands) if (held.on) board.addMarker(MARK.held, held.on)
}

// -- the pointer: touch, lift, place, release, remove, put ----------------------------------------

let drag = null // {source: "board"|"palette", square, piece, x, y, lifted, started}

function showFloat(letter, x, y) {
    const float = $("float")
    float.innerHTML = pieceSvg(letter)
    const size = boardRect().width / 8
    float.style.width = float.style.height = `${size}px`
    float.style.margin = `${-size / 2}px 0 0 ${-size / 2}px`
    float.style.left = `${x}px`
    float.style.top = `${y}px`
    float.hidden = false
}

function hideFloat() {
    $("float").hidden = true
    $("float").innerHTML = ""
}

function heldOn(view, square) {
    return view.hands.find((held) => held.on === square)
}

function keepHolding(event) {
    return $("keep").checked || (event && event.shiftKey)
}

$("board").addEventListener("pointerdown", (event) => {
    // Only in play: a seminar's board shows the scenario's events, it takes none.
    if (!app.view || app.mode !== "play" || event.button !== 0) return
    const square = squareAt(event.clientX, event.clientY)
    if (!square) return
    event.preventDefault()
    const view = app.view
    const piece = view.pieces[square]
    const held = heldOn(view, square)
    if (!piece && !held) {
        // An empty square pressed while a lifted piece is in the hand, over no square: set it there.
        const inHand = view.hands.find((h) => h.on === null && h.player === actorFor(view))
        if (inHand) send(line(keepHolding(event) ? `place ${square}` : `drop ${square}`, inHand.player))
        return
    }
    drag = {source: "board", square, piece: piece || held.piece, x: event.clientX, y: event.clientY,
        started: false, held: Boolean(held), takeOff: $("takeoff").checked || event.altKey}
    $("takeoff").checked = false // a toggle for one act, as j'adoube and accidental are
    app.act = null
    app.act = actFor()
    capture($("board"), event)
    if (held || drag.takeOff) return // the piece already in hand; taking off is a touch itself
    const actor = actorFor(view)
    const accidental = $("accidental").checked ? " accidentally" : ""
    if ($("jadoube").checked) {
        $("jadoube").checked = false
        drag.adjusting = true
        send(line(`adjust ${square}`, actor))
    } else {
        send(line(`touch ${square}${accidental}`, actor))
        if (accidental) $("accidental").checked = false
    }
})

function capture(element, event) {
    try {
        element.setPointerCapture(event.pointerId)
    } catch {
        // A pointer the browser does not know as active (a synthetic event): no capture needed.
    }
}

function dragMove(event) {
    if (!drag) return
    if (!drag.started) {
        if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < DRAG_THRESHOLD) return
        drag.started = true
        if (drag.source === "board") {
            const own = colourOf(drag.piece) === actorFor(app.view)
            drag.lifts = own && !drag.held && !drag.takeOff && !drag.adjusting
            if (drag.lifts) {
                send(line(`lift ${drag.square}`))
            }
            if (drag.lifts || drag.held) {
                // The piece leaves its square and follows the hand at once (the view comes after).
                board.setPiece(drag.square, null, false)
            }
        }
    }
    showFloat(drag.piece, event.clientX, event.clientY)
}

function dragEnd(event) {
    if (!drag) return
    const d = drag
    drag = null
    const act = app.act
    app.act = null  // the act ends with the release; what it still sends below is counted on it
    hideFloat()
    if (!d.started) return // a touch only
    const target = squareAt(event.clientX, event.clientY)
    const keep = keepHolding(event)
    const lines = []
    if (d.source === "palette") {
        if (!target) return
        const actor = actorFor(app.view)
        const colour = colourOf(d.piece) === actor ? "" : `${colourOf(d.piece)} `
        lines.push(line(`put ${colour}${d.piece.toUpperCase()} ${target}`, actor))
        if (!keep) lines.push(line("release", actor))
    } else if (!target) {
        // Off the board: a piece taken off (a captured piece, the promoting pawn, one held there).
        if (d.lifts) {
            say(t("a lifted piece cannot leave the board: drop it on a square, or take it off with 'take off' (Alt)"))
            return
        }
        lines.push(line(`remove ${d.square}`))
    } else if (d.lifts || d.held) {
        if (target === d.square && d.held) {
            if (!keep) lines.push(line("release"))
        } else {
            const standing = app.view.pieces[target]
            if (standing && target !== d.square) lines.push(line(`remove ${target}`))
            // Set down and let go: one event, `drop` (= place, then release; FORMAT §2).
            lines.push(line(keep ? `place ${target}` : `drop ${target}`))
        }
    } else {
        draw(app.view) // an opponent's piece dragged and set back: nothing happened
        return
    }
    app.act = act
    const sent = sendAll(lines)
    app.act = null
    sent.then(() => draw(app.view))
}

document.addEventListener("pointermove", dragMove)
document.addEventListener("pointerup", dragEnd)
document.addEventListener("pointercancel", () => {
    drag = null
    app.act = null
    hideFloat()
    draw(app.view)
})

function buildPalette() {
    for (const letter of ["Q", "R", "B", "N", "q", "r", "b", "n"]) {
        const item = document.createElement("span")
        item.className = "pal"
        item.dataset.piece = letter
        const name = `${colourOf(letter)} ${{q: "queen", r: "rook", b: "bishop", n: "knight"}[letter.toLowerCase()]}`
        item.dataset.i18nTitle = name // told again in the language chosen (showLabels)
        item.title = t(name)
        item.innerHTML = pieceSvg(letter)
        item.addEventListener("pointerdown", (event) => {
            if (!app.view || app.mode !== "play" || event.button !== 0) return
            event.preventDefault()
            drag = {source: "palette", piece: letter, x: event.clientX, y: event.clientY, started: false}
            app.act = null
            app.act = actFor()
            capture(item, event)
        })
        $("palette").appendChild(item)
    }
}

// -- drawing the view -----------------------------------------------------------------------------

function clockText(seconds) {
    seconds = Math.max(0, seconds)
    const h = Math.floor(seconds / 3600)
    const m = Math.floor((seconds % 3600) / 60)
    const s = Math.floor(seconds % 60)
    const mm = h ? String(m).padStart(2, "0") : String(m)
    return (h ? `${h}:` : "") + `${mm}:${String(s).padStart(2, "0")}`
}

function clockShown(view, player) {
    const clock = view.clock
    if (!clock) return null
    let left = clock.remaining[player]
    const running = view.clock_running === player && view.result === "*" && !(player in clock.flags)
    if (running && app.timeMode === "real") {
        left -= Math.max(0, (performance.now() - app.t0) / 1000 - view.elapsed)
    }
    return left
}

function drawClocks() {
    const view = app.view
    if (!view) return
    for (const player of ["white", "black"]) {
        const left = clockShown(view, player)
        $(`time-${player}`).textContent = left === null ? t("no clock") : clockText(left)
        const fell = view.clock && player in view.clock.flags
        $(`flag-${player}`).textContent = fell ? `⚑ ${t("flag fell")}` : (left !== null && left <= 0 ? "⚑ 0:00" : "")
        $(`clock-${player}`).classList.toggle("running", view.clock_running === player && view.result === "*")
    }
}

function rulingItem(item, isNew) {
    const r = item.ruling
    const li = document.createElement("li")
    li.className = `ruling${isNew ? " new" : ""}`
    li.dataset.kind = r.kind
    const kind = document.createElement("span")
    kind.className = `kind kind-${r.kind}`
    kind.textContent = tv("kind", r.kind)
    li.append(kind, ` (${r.article}) ${r.text}`)
    if (r.verdict) li.dataset.verdict = r.verdict
    if (r.line) {  // a helpmate line: given on request, not in the sentence
        const details = document.createElement("details")
        details.className = "line"
        const summary = document.createElement("summary")
        summary.textContent = t("the mating line")
        const text = document.createElement("p")
        text.textContent = r.line
        details.append(summary, text)
        li.append(details)
    }
    const law = item.law
    if (law && law.text) {
        const details = document.createElement("details")
        const summary = document.createElement("summary")
        summary.textContent = `${t("Article")} ${law.number}${law.title ? ": " + law.title : ""}`
        const text = document.createElement("p")
        text.textContent = law.text
        details.append(summary, text)
        li.append(details)
    }
    return li
}

function showView(view, fresh) {
    app.view = view
    app.newRulings = fresh
    draw(view)
    $("to-move").textContent = t(view.to_move)
    const over = view.result !== "*" || view.state === "ended"
    $("clock-running").textContent = over ? "–" : t(view.clock_running)  // no clock runs once the game is over
    $("laws-of").textContent = view.laws
    // what a person reads: nothing touched yet, the game over and its result, else the turn's state
    $("state").textContent = view.state === "idle" ? t("nothing touched")
        : view.state === "ended" ? t("game over: {result}").replace("{result}", view.result) : tv("state", view.state)
    // nothing binds once the game is over; with nothing touched, no article is cited (4.5 is
    // for touched pieces that cannot move)
    const ob = view.obligation
    $("obligation").textContent = over ? "" : ob.article
        ? `${ob.text} (${ob.law.number}${ob.law.title ? ", " + ob.law.title : ""})` : ob.text
    $("hands-list").replaceChildren(...(view.hands.length ? view.hands.map((held) => {
        const span = document.createElement("span")
        span.className = "held"
        span.innerHTML = `<span class="pal">${pieceSvg(held.piece)}</span>`
        span.append(` ${t(`${held.player}'s ${held.hand} hand`)} `
            + (held.origin ? t("(from {square})").replace("{square}", held.origin) : t("(new piece)"))
            + (held.on ? t(", set on {square}").replace("{square}", held.on) : ""))
        return span
    }) : [t("nothing")]))
    $("result").textContent = view.result === "*"
        ? (view.draw_offer ? t(view.draw_offer === "white" ? "White's draw offer is open" : "Black's draw offer is open") : "")
        : `${t("Result")} ${view.result}${view.reason ? " (" + tv("reason", view.reason) + ")" : ""}`
    const list = $("rulings")
    const first = view.rulings.length - fresh
    const shown = list.children.length
    if (app.rulingsOf === app.id && shown <= first && view.events.length > (app.eventsShown ?? 0)) {
        // A step forward: the rulings shown stay, the new ones are added (a long game stays fast).
        for (const item of list.querySelectorAll("li.new")) item.classList.remove("new")
        list.append(...view.rulings.slice(shown).map((item, index) => rulingItem(item, shown + index >= first)))
    } else {
        list.replaceChildren(...view.rulings.map((item, index) => rulingItem(item, index >= first)))
    }
    app.rulingsOf = app.id
    app.eventsShown = view.events.length
    list.dataset.count = String(view.rulings.length)
    list.scrollTop = list.scrollHeight
    drawClocks()
    if (app.mode === "seminar") drawSeminar()
    hideWhileAsking()
    $("download-scenario").href = app.id ? `/api/sessions/${app.id}/scenario` : "#"
}

function showStep(step) {
    say("")
    const start = performance.now()
    showView(step.view, step.rulings.length)
    app.drawMs = performance.now() - start // how long the page took to draw the step (bench/web.py)
}

setInterval(drawClocks, 200)

// -- a game ---------------------------------------------------------------------------------------

async function newSession(body) {
    const data = await api("POST", "/api/sessions", body)
    if (app.id) api("DELETE", `/api/sessions/${app.id}`).catch(() => undefined)
    app.id = data.id
    app.acts = []
    app.t0 = performance.now()
    app.queued = data.queued || []
    app.quiz = null
    app.answered = false
    say("")
    showView(data.view, 0)
    return data
}

$("new-game").addEventListener("submit", (event) => {
    event.preventDefault()
    const body = {}
    for (const [key, id] of [["fen", "ng-fen"], ["moves", "ng-moves"], ["time_control", "ng-tc"], ["arbiter", "ng-arbiter"],
                             ["laws", "ng-laws"]]) {
        const value = $(id).value.trim()
        if (value) body[key] = value
    }
    app.timeMode = $("ng-time").value
    $("at").disabled = app.timeMode === "real"
    enqueue(() => newSession(body))
})

for (const player of ["white", "black"]) {
    $(`clock-${player}`).addEventListener("click", () => {
        if (app.mode === "seminar") return
        send(line("press", player))
    })
}
$("release").addEventListener("click", () => send(line("release")))
for (const button of document.querySelectorAll("button[data-line]")) {
    button.addEventListener("click", () => send(line(button.dataset.line)))
}
for (const kind of ["threefold", "fifty"]) {
    $(`claim-${kind}`).addEventListener("click", () => {
        const written = $("written").value.trim()
        send(line(`claim ${kind}${written ? " " + written : ""}`))
    })
}
$("line-form").addEventListener("submit", (event) => {
    event.preventDefault()
    const text = $("line").value.trim()
    if (!text) return
    send(text).then(() => {
        $("line").value = ""
    }, () => undefined)
})
$("undo").addEventListener("click", () => {
    // The last act that sent events, undone whole: each of its events, one after the other.
    let count = 1
    while (app.acts.length) {
        const act = app.acts.pop()
        if (act.events > 0) {
            count = act.events
            break
        }
    }
    const played = app.view ? app.view.events.length : 0
    for (let i = 0; i < Math.min(count, played); i++) action("undo")  // nothing played: nothing to undo
})
$("restart").addEventListener("click", () => {
    app.t0 = performance.now()
    app.acts = []
    action("restart")
})
$("flip").addEventListener("click", () => {
    board.setOrientation(board.getOrientation() === COLOR.white ? COLOR.black : COLOR.white).then(() => draw(app.view))
})

// -- seminar: a scenario of the library, step by step ---------------------------------------------

async function loadLibrary() {
    const data = await api("GET", "/api/library")
    const select = $("sem-library")
    select.replaceChildren()
    // the topics in the order of their names in the page's language (the API sorts the folders)
    const groups = [...data.groups].sort((a, b) => (a.label || a.name).localeCompare(b.label || b.name, app.lang))
    for (const group of groups) {
        const optgroup = document.createElement("optgroup")
        optgroup.label = group.label || group.name
        for (const file of group.files) {
            const option = document.createElement("option")
            option.value = file.path
            option.textContent = file.title || file.path
            optgroup.append(option)
        }
        select.append(optgroup)
    }
}

async function startSeminar(body) {
    app.timeMode = "scenario"
    const data = await newSession(body)
    app.seminarId = data.id  // Back and Next step this session only, never a game played on Play
    try {
        app.quiz = (await api("GET", `/api/sessions/${data.id}/quiz`)).question
    } catch {
        app.quiz = null
    }
    drawSeminar()
}

// The seminar's edition of the Laws: the file's own unless one is picked.
const withLaws = (body) => ($("sem-laws").value ? {...body, laws: $("sem-laws").value} : body)
$("sem-load").addEventListener("click", () => enqueue(() => startSeminar(withLaws({library: $("sem-library").value}))))
$("sem-file").addEventListener("change", async () => {
    const file = $("sem-file").files[0]
    if (!file) return
    const text = await file.text()
    // an error of the file names its line in the file, not in the request that posted it
    enqueue(() => startSeminar(withLaws({scenario: text})).catch((error) => {
        say(error.message.replace(/^<request>:/, `${file.name}:`))
    }))
})
const isSeminarLoaded = () => Boolean(app.id) && app.id === app.seminarId
$("sem-next").addEventListener("click", () => {
    if (!isSeminarLoaded()) return
    if (quizDue()) {
        say(t("answer the question first: what would you rule?"))
        return
    }
    action("next")
})
$("sem-back").addEventListener("click", () => {
    if (isSeminarLoaded()) action("back")
})

// While a question waits for its answer, what would give the answer away waits too: the
// obligation, the result, a game over, and the rulings (issue 31: a question shows what its answer
// depends on, never the answer).
function isAsking() {
    return Boolean(app.quiz) && !app.answered && app.mode === "seminar" && played() >= app.quiz.after
}

function hideWhileAsking() {
    const asking = isAsking()
    for (const id of ["obligation", "result", "rulings"]) $(id).classList.toggle("withheld", asking)
    if (asking) {
        $("obligation").dataset.withheld = t("answer the question first: what would you rule?")
        if (app.view && app.view.state === "ended") $("state").textContent = "…"
    }
}

function played() {
    return app.view ? app.view.events.length : 0
}

function quizDue() {
    return Boolean(app.quiz) && !app.answered && played() === app.quiz.after && app.view.queued > 0
}

function drawSeminar() {
    if (!app.view) return
    const total = played() + app.view.queued
    $("sem-progress").textContent = app.queued.length || app.view.queued ? t("event {number} of {total}").replace("{number}", played()).replace("{total}", total) : ""
    const queue = $("queue")
    // in the page's language (the view's said: played, then queued); the file's words before it had them
    const lines = app.view.said && app.view.said.length ? app.view.said : app.view.events.concat(app.queued.slice(played()))
    queue.replaceChildren(...lines.map((text, index) => {
        const li = document.createElement("li")
        li.textContent = text
        li.className = index < played() ? "played" : (index === played() ? "next" : "")
        return li
    }))
    const box = $("quiz")
    if (!app.quiz || played() < app.quiz.after) {
        box.hidden = true
        return
    }
    box.hidden = false
    // what the answer depends on: the board before the events, the settings, the events in words
    const figure = $("quiz-board")
    if (figure.dataset.for !== app.quiz.diagram) {
        figure.dataset.for = app.quiz.diagram
        figure.querySelector("svg")?.remove()
        figure.insertAdjacentHTML("afterbegin", app.quiz.diagram)  // python-chess's SVG, made by the server
    }
    $("quiz-shown").replaceChildren(...app.quiz.shown.map(text => {
        const li = document.createElement("li")
        li.textContent = text
        return li
    }))
    $("quiz-events").textContent = app.quiz.events.join(", ") || "—"
    $("quiz-question").textContent = app.quiz.question
    const choices = $("quiz-choices")
    if (choices.dataset.for !== app.quiz.question) {
        choices.dataset.for = app.quiz.question
        choices.replaceChildren(...app.quiz.choices.map((choice, index) => {
            const li = document.createElement("li")
            const button = document.createElement("button")
            button.type = "button"
            button.textContent = choice
            button.addEventListener("click", () => grade(index))
            li.append(button)
            return li
        }))
        $("quiz-grade").textContent = ""
    }
}

function grade(index) {
    const right = index === app.quiz.answer
    app.answered = true
    const items = $("quiz-choices").children
    for (let i = 0; i < items.length; i++) {
        items[i].className = i === app.quiz.answer ? "right" : (i === index ? "wrong" : "")
    }
    $("quiz-grade").textContent = (right ? `${t("Right.")} ` : `${t("Not quite: the answer is {number}.").replace("{number}", app.quiz.answer + 1)} `) + app.quiz.explain
    $("quiz-grade").dataset.grade = right ? "right" : "wrong"
    showView(app.view, app.newRulings)  // what waited for the answer is shown now
}

// -- the report desk ------------------------------------------------------------------------------

function q(text) {
    return JSON.stringify(text) // a JSON string is a YAML double-quoted scalar
}

// A ruling the arbiter gave, chosen with controls (never typed as YAML): its kind, then the fields
// that kind takes; the page writes the report's YAML from them.
const RULING_FIELDS = {
    claim: ["claimant", "claim", "verdict"], reinstated: [], time: ["player", "seconds"], warning: ["player"],
    penalty: ["player", "penalty", "seconds"], obligation: ["player", "square"], violation: ["player"],
    replaced: ["player"], cancelled: [], transferred: [],
}
const CLAIMS = ["touch-move", "illegal-move", "flag", "threefold", "fifty", "set-up", "orientation", "colours"]
const PENALTIES = {
    "warning": "a warning", "time-to-opponent": "time added to the opponent's clock ({time})",
    "time-from-offender": "time taken from the offender's clock ({time})", "score-raised": "the opponent's score raised",
    "score-reduced": "the offender's score reduced", "loss": "the game declared lost", "fine": "a fine",
    "exclusion": "exclusion from the event", "expulsion": "expulsion from the event",
}

function control(name, options) {
    const label = document.createElement("label")
    label.dataset.field = name
    const caption = document.createElement("span")
    caption.textContent = t(name)
    let input
    if (options) {
        input = document.createElement("select")
        for (const [value, text] of options) {
            const option = document.createElement("option")
            option.value = value
            option.textContent = text
            input.append(option)
        }
    } else {
        input = document.createElement("input")
        input.size = name === "article" ? 6 : 4
        if (name === "seconds") input.type = "number"
    }
    input.name = name
    label.append(caption, " ", input)
    return label
}

function addRuling(kind = "claim") {
    const li = document.createElement("li")
    const players = [["white", t("white")], ["black", t("black")]]
    const kinds = Object.keys(RULING_FIELDS).map((name) => [name, tv("kind", name)])
    li.append(
        control("kind", kinds),
        control("player", players), control("claimant", players),
        control("claim", CLAIMS.map((name) => [name, tv("claim", name)])),
        control("verdict", [["upheld", tv("value", "upheld")], ["rejected", tv("value", "rejected")]]),
        control("penalty", Object.entries(PENALTIES).map(([name, text]) => [name, t(text).replace(" ({time})", "")])),
        control("seconds"), control("square"), control("article"))
    const remove = document.createElement("button")
    remove.type = "button"
    remove.className = "remove"
    remove.textContent = t("remove")
    remove.addEventListener("click", () => {
        li.remove()
        validateReport()
    })
    li.append(remove)
    li.querySelector("[name=kind]").value = kind
    li.querySelector("[name=kind]").addEventListener("change", () => showRulingFields(li))
    showRulingFields(li)
    $("r-rulings").append(li)
    return li
}

function showRulingFields(li) {
    const wanted = RULING_FIELDS[li.querySelector("[name=kind]").value] || []
    for (const label of li.querySelectorAll("label[data-field]")) {
        const name = label.dataset.field
        label.hidden = !(name === "kind" || name === "article" || wanted.includes(name))
    }
}

function rulingFields(li) {
    const kind = li.querySelector("[name=kind]").value
    const parts = [`kind: ${kind}`]
    for (const name of [...(RULING_FIELDS[kind] || []), "article"]) {
        const value = li.querySelector(`[name=${name}]`).value.trim()
        if (!value) continue
        parts.push(`${name}: ${name === "seconds" && /^-?\d+(\.\d+)?$/.test(value) ? value : q(value)}`)
    }
    return `{${parts.join(", ")}}`
}

$("r-add-ruling").addEventListener("click", () => {
    addRuling()
    validateReport()
})

// The report's YAML, and which field each of its lines comes from (an error names a line: it is
// shown beside that field).
function reportYaml(eventLines) {
    const out = []
    const fields = {}
    const put = (text, field) => {
        out.push(text)
        if (field) fields[out.length] = field
    }
    const title = $("r-title").value.trim()
    if (title) put(`title: ${q(title)}`, "r-title")
    const report = []
    for (const key of ["event", "round", "board", "date", "white", "black", "arbiter", "account"]) {
        const value = $(`r-${key}`).value.trim()
        if (!value) continue
        report.push([`  ${key}: ${/^\d+$/.test(value) && (key === "round" || key === "board") ? value : q(value)}`, `r-${key}`])
    }
    if (report.length) {
        put("report:", "r-event")
        for (const [text, field] of report) put(text, field)
    }
    const tc = $("r-tc").value.trim()
    if (tc) put(`time_control: ${q(tc)}`, "r-tc")
    const called = $("r-called").value
    if (called) put(`arbiter: ${called}`, "r-called")
    const laws = $("r-laws").value
    if (laws) put(`laws: ${q(laws)}`, "r-laws")
    const notation = $("r-notation").value
    if (notation) put(`notation: ${q(notation)}`, "r-notation")
    const kind = $("r-start-kind").value
    const start = $("r-start").value.trim()
    if (kind !== "none" && start) put(`start: {${kind}: ${q(start)}}`, "r-start")
    const events = (eventLines || $("r-events").value.split("\n")).map((text) => text.trim()).filter(Boolean)
    put(events.length ? "events:" : "events: []", "r-events")
    for (const event of events) {
        const match = event.match(/^(white|black)\s*:\s*(.*)$/)
        if (!match) {
            put(`  - ${q(event)}`, "r-events")
            continue
        }
        // "at=12" and "hand=left", as the event line takes them, are the event's own keys
        const keys = []
        const action = match[2].replace(/\s+(at|hand)=(\S+)/g, (_, key, value) => {
            keys.push(`${key}: ${q(value)}`)
            return ""
        }).trim()
        put(keys.length ? `  - {${match[1]}: ${q(action)}, ${keys.join(", ")}}` : `  - ${match[1]}: ${q(action)}`,
            "r-events")
    }
    const rulings = [...$("r-rulings").children]
    put("ruling:", "r-rulings")
    put(rulings.length ? "  rulings:" : "  rulings: []", "r-rulings")
    for (const li of rulings) put(`    - ${rulingFields(li)}`, li)
    const result = $("r-result").value
    if (result) put(`  result: ${q(result)}`, "r-result")
    return {text: out.join("\n") + "\n", fields}
}

function clearFieldErrors() {
    for (const element of document.querySelectorAll("#report-form .field-error")) element.remove()
    for (const element of document.querySelectorAll("#report-form .has-error")) element.classList.remove("has-error")
}

// An error of the report's text, said beside the field its line comes from, without the line mark.
function showFieldError(message, fields) {
    const found = /^<request>:(\d+): ([\s\S]*)$/.exec(message || "")
    if (!found) return message
    // a title left out is said at the document's first line, whatever field that line comes from
    const titleMissing = !$("r-title").value.trim() && found[2].includes("'title'")
    // no report (who, where, when): the file's keys and a command line's hint, said in the desk's words
    const reportMissing = found[2].includes("`arbiter run`") || found[2].includes("arbiter run")
    const said = titleMissing || reportMissing ? t("a report needs a title, or the event, round or board it was played at")
        : found[2]
    const target = titleMissing ? "r-title" : reportMissing ? "r-event" : fields[Number(found[1])]
    const element = typeof target === "string" ? $(target) : target
    if (!element) return said
    element.classList.add("has-error")
    const note = document.createElement("span")
    note.className = "field-error"
    note.textContent = said
    ;(element.closest("label") || element).after(note)
    return said
}

let validating = 0

// The desk's event lines as the Play tab takes them: in the page's language too (`црни: помера c8 g4`),
// given back by the server in the files' words (POST /api/event-lines).
async function eventLinesInFileWords() {
    const lines = $("r-events").value.split("\n")
    if (app.lang === "en" || !lines.some((line) => line.trim())) return lines
    const notation = $("r-notation").value || null
    return (await api("POST", "/api/event-lines", {lines, notation})).lines
}

// The report in the files' words, and the field each of its lines comes from.
async function reportDoc() {
    let lines
    try {
        lines = await eventLinesInFileWords()
    } catch (error) {
        lines = $("r-events").value.split("\n")  // the server's refusal is the validation's to say
    }
    return reportYaml(lines)
}

async function validateReport() {
    const mine = ++validating
    const {text, fields} = await reportDoc()
    if (mine !== validating) return // a later edit has been sent
    $("r-yaml").textContent = text
    let doc
    try {
        doc = await api("POST", "/api/validate", text, "yaml")
    } catch (error) {
        doc = error.data && error.data.reports ? error.data : {reports: [{verdict: "invalid", message: error.message}]}
    }
    if (mine !== validating) return // a later edit has been sent
    const report = (doc.reports && doc.reports[0]) || {}
    const verdict = report.verdict || "invalid"
    const out = $("r-verdict")
    clearFieldErrors()
    const said = showFieldError(report.message || report.error, fields)
    out.textContent = tv("verdict", verdict) + (said ? `: ${said}` : "")
    out.className = `verdict-${verdict}`
    out.dataset.verdict = verdict
    $("r-differences").replaceChildren(...(report.differences || []).map((difference) => {
        const li = document.createElement("li")
        li.textContent = typeof difference === "string" ? difference
            : (difference.sentence || difference.text || JSON.stringify(difference))
        return li
    }))
}

let validateTimer = null
$("report-form").addEventListener("input", () => {
    clearTimeout(validateTimer)
    validateTimer = setTimeout(validateReport, 250)
})
$("report-form").addEventListener("change", () => {
    clearTimeout(validateTimer)
    validateTimer = setTimeout(validateReport, 50)
})

// The game on the board, as the desk's fields: its settings, its start and its events with their
// times and hands, the moves in the notation they were played in (GET /api/sessions/{id}/report).
$("r-from-board").addEventListener("click", async () => {
    if (!app.id) return
    let fields
    try {
        fields = (await api("GET", `/api/sessions/${app.id}/report`)).fields
    } catch (error) {  // the session gone (the server restarted without a store): said where the verdict is
        $("r-verdict").textContent = error.message
        return
    }
    $("r-events").value = fields.events.join("\n")
    $("r-start-kind").value = fields.start_kind
    $("r-start").value = fields.start
    $("r-tc").value = fields.time_control || ""
    $("r-called").value = fields.arbiter || ""
    $("r-laws").value = fields.laws || ""
    const notation = $("r-notation")
    if (fields.notation && ![...notation.options].some((option) => option.value === fields.notation)) {
        notation.append(new Option(fields.notation, fields.notation))  // a notation the menu does not list
    }
    notation.value = fields.notation || ""
    validateReport()
})

function download(name, text, type) {
    const url = URL.createObjectURL(new Blob([text], {type}))
    const a = document.createElement("a")
    a.href = url
    a.download = name
    document.body.append(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 1000)
}

$("r-download-yaml").addEventListener("click", async () => download("report.yaml", (await reportDoc()).text, "application/yaml"))
$("r-download-md").addEventListener("click", async () => {
    try {
        const data = await api("POST", "/api/report/markdown", (await reportDoc()).text, "yaml")
        $("r-diagram").innerHTML = data.svg || ""
        download("report.md", data.markdown, "text/markdown")
        if (data.svg) download("report.svg", data.svg, "image/svg+xml")
    } catch (error) {
        $("r-verdict").textContent = `${tv("verdict", "invalid")}: ${error.message}`
    }
})

$("r-download-pdf").addEventListener("click", async () => {
    const response = await fetch(withLang("/api/report/pdf"), {
        method: "POST", headers: {"Content-Type": "application/yaml"}, body: (await reportDoc()).text})
    if (!response.ok) {
        let message = `${response.status} ${response.statusText}`
        try {
            message = (await response.json()).error || message
        } catch {
            // not JSON: the status line says it
        }
        $("r-verdict").textContent = `${tv("verdict", "invalid")}: ${message}`
        return
    }
    download("report.pdf", await response.blob(), "application/pdf")
})

// -- modes ----------------------------------------------------------------------------------------

// -- the Laws: an edition's articles, what changed between two ---------------------------------------

// Every edition picker gets the editions the server knows (GET /api/laws), the current one chosen
// where a picker has no "the file's" choice.
async function loadEditions() {
    const data = await api("GET", "/api/laws")
    for (const select of document.querySelectorAll(".laws-picker")) {
        const kept = select.value
        for (const option of [...select.options]) if (option.value) option.remove()
        for (const name of [...data.editions].reverse()) {
            const option = document.createElement("option")
            option.value = option.textContent = name
            select.append(option)
        }
        select.value = kept || (select.options[0].value ? data.edition : "")
    }
}

const CHANGE_WORDS = {added: "new", removed: "removed", renumbered: "renumbered", reworded: "reworded",
                      "renumbered-reworded": "renumbered and reworded"}

function articleBlock(number, title, paragraphs) {
    const block = document.createElement("article")
    block.className = "law"
    const head = document.createElement("h4")
    head.textContent = `${number} ${title}`
    block.append(head)
    for (const [label, text] of paragraphs) {
        const p = document.createElement("p")
        if (label) {
            const b = document.createElement("b")
            b.textContent = `${label}: `
            p.append(b)
        }
        p.append(text)
        block.append(p)
    }
    return block
}

// An article's number as the Laws write it (arbiter.laws.articles.article_number): an appendix's
// letter upper case, an item's letter lower case (b.3.c -> B.3.c, as the editions before 2017 number).
function articleNumber(text) {
    const [first, ...rest] = text.trim().split(".")
    return [first.toUpperCase(), ...rest.map((part) => part.toLowerCase())].join(".")
}

async function showLaws() {
    const edition = $("laws-edition").value
    const other = $("laws-compare").value
    const typed = $("laws-article").value.trim()
    const article = typed ? articleNumber(typed) : ""
    const list = $("laws-list")
    if (other) {
        // from the older edition to the newer, whichever of the two menus names which
        const [older, newer] = [other, edition].sort()
        if (article) {  // an article neither edition has is said (the newer's error), not shown as no change
            const refused = await Promise.all([older, newer].map((name) =>
                api("GET", `/api/laws?edition=${encodeURIComponent(name)}&article=${encodeURIComponent(article)}`)
                    .then(() => null, (error) => error)))
            if (refused.every(Boolean)) throw refused[1]
        }
        const data = await api("GET", `/api/laws/diff?old=${encodeURIComponent(older)}&new=${encodeURIComponent(newer)}`)
        const wanted = (a) => a && (!article || a.article === article || a.article.startsWith(article + "."))
        const changes = data.changes.filter((c) => wanted(c.old) || wanted(c.new))
        $("laws-heading").textContent = t("From the Laws of {old} to those of {new}: {count} changes")
            .replace("{old}", data.old).replace("{new}", data.new).replace("{count}", changes.length)
        list.replaceChildren(...changes.map((c) => {
            const shown = c.new || c.old
            const number = c.old && c.new && c.old.article !== c.new.article ? `${c.old.article} → ${c.new.article}` : shown.article
            const paragraphs = c.change === "renumbered" ? [] : [
                [data.old, c.old ? c.old.text : t("not in these Laws")], [data.new, c.new ? c.new.text : t("not in these Laws")]]
            const block = articleBlock(number, `${shown.title} [${t(CHANGE_WORDS[c.change])}]`, paragraphs)
            block.dataset.change = c.change
            return block
        }))
        return
    }
    const query = `edition=${encodeURIComponent(edition)}` + (article ? `&article=${encodeURIComponent(article)}` : "")
    const data = await api("GET", `/api/laws?${query}`)
    $("laws-heading").textContent = t("The Laws of Chess of {edition} (in force from {since})")
        .replace("{edition}", data.edition).replace("{since}", data.in_force)
    list.replaceChildren(...data.articles.map((a) => articleBlock(a.article, a.title, [["", a.text]])))
}

$("laws-form").addEventListener("submit", (event) => {
    event.preventDefault()
    // an error is said on this tab (the game's message line is hidden here), the old list gone
    enqueue(() => showLaws().catch((error) => {
        $("laws-heading").textContent = error.message
        $("laws-list").replaceChildren()
    }))
})

// -- a live e-board (arbiter serve --dgt): its game shown as the arbiter rules it ------------------

async function loadLive() {
    const data = await api("GET", "/api/live")
    $("tab-live").hidden = !data.device
    return data
}

async function showLive() {
    const data = await loadLive()
    const state = data.error ? data.error : data.connected ? t("the board is connected") : t("the board is not connected")
    $("live-status").textContent = `${data.device}: ${state}`
    $("live-said").replaceChildren(...data.said.map((line) => {
        const li = document.createElement("li")
        li.textContent = line
        return li
    }))
    if (data.view) {
        const fresh = app.view && app.mode === "live" ? Math.max(0, data.view.rulings.length - app.view.rulings.length) : 0
        showView(data.view, fresh)
    }
}

setInterval(() => {
    if (app.mode === "live") enqueue(showLive)
}, 1000)

function setMode(mode) {
    app.mode = mode
    document.body.className = `mode-${mode}`
    for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.mode === mode)
    $("game").hidden = mode === "report" || mode === "laws"
    $("report").hidden = mode !== "report"
    $("laws-page").hidden = mode !== "laws"
    if (mode === "laws") enqueue(showLaws)
    if (mode === "live") enqueue(showLive)
    if (mode === "seminar" && !$("sem-library").options.length) enqueue(loadLibrary)
    if (mode === "seminar") drawSeminar()
    if (mode === "report") validateReport()
}

for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => setMode(tab.dataset.mode))

buildPalette()
$("lang").value = app.lang
$("lang").addEventListener("change", () => enqueue(() => switchLanguage($("lang").value)))
setMode("play")
enqueue(loadLabels)
enqueue(loadEditions)
enqueue(loadLive)
enqueue(() => newSession({arbiter: "watching"}))
