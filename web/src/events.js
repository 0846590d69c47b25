// The engine's events (the JSON its steps report) as short English lines for the log. It only
// words what the engine said happened; nothing here decides anything.

export const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : "");

/** A seat's name from the variant's seat names: "Yellow", "Yellow+Red". */
export function seatName(seatNames, seat) {
    const name = seatNames[seat];
    return name === undefined ? `seat ${seat}` : name.split("+").map(capital).join("+");
}

/** The colour a chip shows for a seat: its first colour. */
export const seatColour = (seatNames, seat) => (seatNames[seat] ?? "").split("+")[0];

const tokens = (count) => (count === 2 ? "two tokens" : count > 2 ? `${count} tokens` : "a token");
const dice = (roll) => (Array.isArray(roll) ? roll.filter((d) => d !== null).join("-") : String(roll));
const by = (count) => (count === "sum" ? "the sum" : `a ${count}`);

/**
 * One event as {text, colour} (colour: the actor's, for a chip), or null for one the log
 * leaves out (a turn passing, a card dealt: the board shows both).
 */
export function describe(event, seatNames) {
    const C = capital;
    const seat = (s) => seatName(seatNames, s);
    const colourOfSeat = (s) => seatColour(seatNames, s);
    const e = event;
    const line = (text, colour = e.colour) => ({ text, colour: colour ?? null });
    switch (e.event) {
        // Poleana and Parchís, which name colours.
        case "rolled":
            return line(`${C(e.colour)} rolled ${dice(e.roll)}`);
        case "swept":
            return line(`The police sent a ${C(e.colour)} token home from ${e.from}`);
        case "released":
            return line(`${C(e.colour)} released ${tokens(e.count)} to ${e.to}`);
        case "rescued":
            return line(`${C(e.colour)} rescued a token from limbo to ${e.to}`);
        case "tapon_moved":
            return line(`${C(e.colour)}'s tapón moved ${e.from} → ${e.to}${e.plus_ten ? " (+10)" : ""}`);
        case "plus_ten_lost":
            return line(`${C(e.colour)} could not walk its +10: stays on ${e.at}`);
        case "scored":
            return line(`${C(e.colour)} brought a token to the goal`);
        case "infraction":
            return line(`${C(e.colour)}: infraction (${String(e.cause).replace(/_/g, " ")})`);
        case "to_limbo":
            return line(`A ${C(e.colour)} token went to limbo (penalty)`);
        case "passed":
            return line(`${C(e.colour)}'s ${dice(e.roll)} had no use`);
        case "die_lost":
            return line(`${C(e.colour)} lost the ${e.die}: no use for it`);
        case "dice_lost":
            return line(`${C(e.colour)}'s ${dice(e.dice)} had no use`);
        case "extra_roll":
            return line(`${C(e.colour)} rolls again`);
        case "exited":
            return line(`${C(e.colour)} brought a token out to ${e.to} with ${by(e.by)}`);
        case "bonus_earned":
            return line(`${C(e.colour)} earned a bonus of ${e.amount}`);
        case "bonus_lost":
            return line(`${C(e.colour)} could not use its bonus of ${e.amount}`);
        case "ceded":
            return line(`${C(e.from)} passes the dice to ${C(e.to)}`, e.from);
        case "third_double":
            return line(`${C(e.colour)} rolled a third double`);
        case "game_over":
            return line("The game is over", null);
        case "turn_passed":
        case "dealt":
            return null;
        // Cartas, which names seats.
        case "round_started":
            return line(`Round ${e.round + 1}: ${e.cards} cards each, ${seat(e.first)} leads`, colourOfSeat(e.first));
        case "reshuffled":
            return line(`${e.cards} discards shuffled back into the pile`, null);
        case "chose":
            return line(`${seat(e.seat)} laid a card to pass${e.card ? ` (${e.card})` : ""}`, colourOfSeat(e.seat));
        case "received":
            return line(
                `${seat(e.seat)} received a card from ${seat(e.from)}${e.card ? ` (${e.card})` : ""}`,
                colourOfSeat(e.seat),
            );
        case "played":
            return line(`${seat(e.seat)} played ${e.action}`, colourOfSeat(e.seat));
        case "brought_out":
            return line(`${seat(e.seat)} brought a token out on ${e.cell}`, colourOfSeat(e.seat));
        case "swapped":
            return line(`${seat(e.seat)} swapped places with ${seat(e.with)} (${e.cell} ↔ ${e.other})`, colourOfSeat(e.seat));
        case "stole":
            return line(
                `${seat(e.thief)} took a card from ${seat(e.victim)}${e.card ? ` (${e.card})` : ""}`,
                colourOfSeat(e.thief),
            );
        case "folded":
            return line(`${seat(e.seat)} folded${e.cards ? `: ${e.cards}` : ""}`, colourOfSeat(e.seat));
        case "won":
            return line("The game is over", null);
        // Events both kinds share, told apart by their fields.
        case "moved":
            if (typeof e.seat === "number") {
                return line(`${seat(e.seat)} moved ${e.from} → ${e.to}`, colourOfSeat(e.seat));
            }
            return line(
                `${C(e.colour)} moved ${e.from} → ${e.to} (${e.steps}${e.plus_ten ? ", +10" : ""}` +
                    `${e.route === "bridge" ? ", over the bridge" : ""})`,
            );
        case "captured":
            if (typeof e.seat === "number") {
                return line(`${seat(e.by)} captured ${seat(e.seat)}'s token on ${e.cell}`, colourOfSeat(e.by));
            }
            return line(
                `${C(e.by)} captured ${e.count > 1 ? `${e.count} ${C(e.victim)} tokens` : `a ${C(e.victim)} token`} on ${e.at}`,
                e.by,
            );
        case "sent_home":
            return line(`${e.count > 1 ? `${e.count} ${C(e.colour)} tokens` : `A ${C(e.colour)} token`} went home from ${e.from} (penalty)`);
        case "timed_out":
            if (typeof e.seat === "number") return line(`${seat(e.seat)} ran out of time`, colourOfSeat(e.seat));
            return line(`${C(e.colour)} ran out of time`);
        default: {
            // An event this page does not know yet: its fields, as the engine gave them.
            const { event: name, step: _step, ...fields } = e;
            const rest = Object.entries(fields).map(([k, v]) => `${k} ${typeof v === "object" ? JSON.stringify(v) : v}`);
            return line(`${String(name).replace(/_/g, " ")}${rest.length ? `: ${rest.join(", ")}` : ""}`, null);
        }
    }
}
