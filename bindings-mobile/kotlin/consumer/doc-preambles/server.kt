// The stand-ins for what the Kotlin sketch of docs/server.md leaves to the server: its storage
// (`save`, `load`), its authentication (`tokens`), its connections (`send`, `update`, `refused`,
// `lastSent`, the spectators) and what a phone was sent (`recordJson`, `lastHead`, `secret`,
// `publishedCommitment`). ../extract-doc-blocks copies this text into the class that wraps the sketch,
// ahead of it: the server and its phones share one process here, storage is one variable and a
// connection a list of messages. Not an example to follow: a real server keeps these elsewhere.

class Stored(val record: String, val head: String, val secret: String?)
private var store: Stored? = null

/** Keeps the last record and head; the secret once given is kept with every later save. */
fun save(record: String, head: String, secret: String? = null) {
    store = Stored(record, head, secret ?: store?.secret)
}
fun load(): Stored = store ?: error("nothing saved yet")

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
 * Once the sketch has run: the phones play the game to its end, always the first legal move, the
 * first 100 moves through `onAct` and the rest, to keep the test quick (each `saveAndSend`
 * serialises the whole record), straight to the table, with one `saveAndSend` at the end.
 */
fun afterBlock() {
    var moves = 0
    while (!table.isOver()) {
        val seat = table.toAct() ?: error("nobody is to act at step ${table.step()}")
        val move = table.legalActions(seat).first()
        if (moves < 100) onAct(tokens.tokenOf(seat), table.step(), move) else table.submit(seat, table.step(), move)
        check(++moves < 100_000) { "still running after $moves moves" }
    }
    saveAndSend()
    tick()
    check(outbox.values.flatten().none { it is Refused }) { "a legal move was refused: $outbox" }
    for (seat in 0u until table.seats()) {
        check(updates(seat).flatMap { it.events } == table.eventsFor(seat)) { "seat $seat got every event once" }
    }
    check(spectators.flatten() == table.eventsFor(null)) { "the spectators got every event once" }
    // The phone's checks of the sketch, now on the finished game.
    GameRecord.fromJson(recordJson).verify(lastHead)
    check(verifyDice(recordJson, secret) > 0u)
    GameRecord.fromJson(load().record).verify(load().head)
}
