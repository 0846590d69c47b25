// The stand-ins for what the Kotlin sketch of docs/server.md leaves to the server: its storage
// (`saveHeader`, `append`, `storedSteps`, `load`), its authentication (`tokens`), its connections
// (`send`, `update`, `refused`, `lastSent`, the spectators) and what a phone was sent (`recordJson`,
// `lastHead`, `secret`, `publishedCommitment`). ../extract-doc-blocks copies this text into the
// class that wraps the sketch, ahead of it: the server and its phones share one process here,
// storage is a few variables and a connection a list of messages. Not an example to follow: a real
// server keeps these elsewhere.

class Stored(val header: String, val steps: List<String>, val secret: String?)
private var header: String? = null
private var kept: String? = null
private val rows = mutableListOf<String>()

/** Keeps the table's header; the secret once given is kept with every later header. */
fun saveHeader(json: String, secret: String? = null) {
    header = json
    kept = secret ?: kept
}
/** Appends one step's row: rows come in order, each once. */
fun append(index: ULong, json: String, link: String) {
    check(index == rows.size.toULong()) { "row $index after ${rows.size} rows" }
    check(link.length == 64) { "a link is 64 hexadecimal digits" }
    rows.add(json)
}
/** How many step rows the store holds: the table's steps from there on are new to it. */
fun storedSteps(): ULong = rows.size.toULong()
fun load(): Stored = Stored(header ?: error("nothing saved yet"), rows.toList(), kept)

/** The seat a connection authenticated as, from its token. */
object tokens {
    fun tokenOf(seat: UInt) = "token-$seat"
    fun seatOf(token: String): UInt = token.removePrefix("token-").toUInt()
}

sealed interface Message
data class Refused(val error: String, val message: String?) : Message
data class Update(
    val step: ULong, val view: String, val events: List<TableEvent>, val legal: List<String>,
    val toAct: UInt?, val deadline: ULong?, val rolls: List<RollEntry>, val head: String,
) : Message
fun refused(error: String, message: String?) = Refused(error, message)
fun update(
    step: ULong, view: String, events: List<TableEvent>, legal: List<String>, toAct: UInt?,
    deadline: ULong?, rolls: List<RollEntry>, head: String,
) = Update(step, view, events, legal, toAct, deadline, rolls, head)

/** Every message each seat was sent, in order. */
val outbox = mutableMapOf<UInt, MutableList<Message>>()
fun send(seat: UInt, message: Message) { outbox.getOrPut(seat) { mutableListOf() }.add(message) }
fun updates(seat: UInt) = outbox[seat].orEmpty().filterIsInstance<Update>()
/** The step of the last update a seat got: the events from there on are new to it. */
fun lastSent(seat: UInt): ULong = updates(seat).lastOrNull()?.step ?: 0uL

/** What the spectators were sent, and the step they were sent it at. */
val spectators = mutableListOf<List<TableEvent>>()
private var spectatorsStep = 0uL
fun broadcastToSpectators(events: List<TableEvent>) { spectators.add(events); spectatorsStep = table.step() }
fun lastSentToSpectators(): ULong = spectatorsStep

// What seat 0's phone holds at the end: the record and the secret that the server sends once the
// game is over, the head of the last update it got, and the commitment it was given at join.
val recordJson: String get() = table.record().toJson()
val lastHead: String get() = updates(0u).lastOrNull()?.head ?: table.head()
val secret: String get() = table.reveal()
val publishedCommitment: String? get() = published

/**
 * Once the sketch has run: the phones play the game to its end through `onAct`, always the first
 * legal move (each move appends its rows, whatever the step).
 */
fun afterBlock() {
    var moves = 0
    while (!table.isOver()) {
        val seat = table.toAct() ?: error("nobody is to act at step ${table.step()}")
        onAct(tokens.tokenOf(seat), table.step(), table.legalActions(seat).first())
        check(++moves < 100_000) { "still running after $moves moves" }
    }
    tick()
    check(outbox.values.flatten().none { it is Refused }) { "a legal move was refused: $outbox" }
    for (seat in 0u until table.seats()) {
        check(updates(seat).flatMap { it.events } == table.eventsFor(seat)) { "seat $seat got every event once" }
    }
    check(spectators.flatten() == table.eventsFor(null)) { "the spectators got every event once" }
    // The phone's checks of the sketch, now on the finished game.
    GameRecord.fromJson(recordJson).verify(lastHead)
    check(verifyDice(recordJson, secret) > 0u)
    // The store's header and rows are the whole game: they resume to the same head.
    Table.resumeFrom(load().header, load().steps, load().secret).use { check(it.head() == table.head()) }
}
