import Fichas
import XCTest

final class GameTests: XCTestCase {
    func testAFullGameOfEachVariantAndModeEndsWithWinnersAndReplays() throws {
        for variant in allVariants {
            let game = try Game(variant: variant, seed: 7)
            let info = try variantInfo(variant: variant)
            XCTAssertEqual(try game.variant(), variant)
            XCTAssertEqual(try game.seats(), info.seats)
            XCTAssertEqual(try game.seatNames(), info.seatNames)

            var random = SeededGenerator(seed: UInt64(variant.count))
            let steps = try playOut(game, &random)

            XCTAssertTrue(try game.isOver(), variant)
            XCTAssertNil(try game.toAct(), variant)
            let outcome = try XCTUnwrap(try game.outcome(), "a finished game has an outcome")
            XCTAssertEqual(try game.phase(), .over(outcome: outcome))
            XCTAssertFalse(outcome.winners.isEmpty, variant)
            XCTAssertTrue(outcome.winners.allSatisfy { $0 < info.seats }, "\(outcome)")
            if variant == "parchis:pairs" {
                XCTAssertEqual(outcome.winners.count, 2, "a side of two wins together: \(outcome)")
            } else if !outcome.special {
                XCTAssertEqual(outcome.winners.count, 1, "\(outcome)")
            }
            let ending = variant == "cartas" ? "won" : "game_over"
            XCTAssertTrue(try game.lastEvents().contains { $0.kind == ending }, variant)
            XCTAssertTrue(try game.legalActions().isEmpty, variant)
            expectError("IllegalAction") { try game.roll() }

            // Every roll and every action is one step of the record, which replays to the same end.
            let record = try game.record()
            XCTAssertEqual(record.stepCount(), UInt32(steps), variant)
            let again = try replay(json: record.toJson())
            XCTAssertEqual(try again.position(), try game.position(), variant)
            XCTAssertEqual(try again.outcome(), outcome, variant)

            XCTAssertTrue(try game.svg().hasPrefix("<svg"), variant)
            XCTAssertTrue(try game.text().split(separator: "\n").allSatisfy { $0.count <= 80 }, variant)
        }
    }

    func testVariantsAndTheirConfiguration() throws {
        for variant in ["poleana", "parchis:pairs", "cartas"] {
            XCTAssertTrue(variants().contains(variant), variant)
        }
        for variant in variants() {
            XCTAssertEqual(try Game(variant: variant).variant(), variant)
        }
        let pairs = try variantInfo(variant: "parchis:pairs")
        XCTAssertEqual(pairs.game, "parchis")
        XCTAssertEqual(pairs.seats, 4)
        XCTAssertEqual(try variantInfo(variant: "parchis:two-colours").seatNames, ["yellow+red", "blue+green"])
        XCTAssertEqual(try variantInfo(variant: "poleana-express:3").seats, 3)
        XCTAssertGreaterThan(try variantInfo(variant: "cartas").actionSpace, 0)
        XCTAssertFalse(engineVersion().isEmpty)
    }

    @available(*, deprecated, message: "tests the deprecated alias Action")
    func testActionIsTheDeprecatedFormerNameOfChoice() throws {
        let game = try Game(variant: "poleana:2", seed: 1)
        _ = try game.applyDice(first: 6, second: 6)
        let old: Action = try XCTUnwrap(try game.legalActions().first)
        let choice: Choice = old
        XCTAssertEqual(choice.notation, "release")
        _ = try game.play(action: old)
        XCTAssertEqual(try game.record().stepCount(), 2)
    }

    func testTheSameSeedRollsTheSameGameAndACopyGoesItsOwnWay() throws {
        func playFrom(_ seed: UInt64) throws -> String {
            let game = try Game(variant: "parchis:pairs", seed: seed)
            var random = SeededGenerator(seed: 1)
            for _ in 0..<300 {
                try step(game, &random)
            }
            return try game.position()
        }
        XCTAssertEqual(try playFrom(11), try playFrom(11))
        XCTAssertNotEqual(try playFrom(11), try playFrom(12))

        let game = try Game(variant: "poleana:2", seed: 3)
        _ = try game.applyChance(outcome: "5-1")
        let copy = try game.copy()
        _ = try copy.playNotation(notation: "release")
        XCTAssertNotEqual(try copy.position(), try game.position(), "playing the copy leaves the original")
        XCTAssertEqual(try copy.record().stepCount(), 2)
        XCTAssertEqual(try game.record().stepCount(), 1)
    }

    func testActionsCarryTheirMarksIdsAndNotation() throws {
        let poleana = try Game(variant: "poleana:2:assisted", seed: 1)
        _ = try poleana.applyChance(outcome: "5-1")
        let release = try XCTUnwrap(try poleana.legalActions().first { $0.notation == "release" })
        XCTAssertEqual(release.compliance, .compliant)
        XCTAssertEqual(release.priority, .release)
        XCTAssertEqual(release.mark, .safe)
        XCTAssertEqual(release.label, "release ★")
        XCTAssertEqual(release.seat, 0)
        let id = try XCTUnwrap(release.id, "a Poleana action has an id")
        XCTAssertLessThan(id, try poleana.actionSpace())
        XCTAssertEqual(try poleana.actionFromId(id: id), "release")
        let events = try poleana.play(action: release)
        XCTAssertEqual(events.first?.kind, "released")
        XCTAssertEqual(events.first?.fields["colour"], "yellow")

        let parchis = try Game(variant: "parchis", seed: 1)
        _ = try parchis.applyDice(first: 5, second: 3)
        let exit = try parchis.legalActions()
        XCTAssertEqual(exit.map(\.notation), ["home+5"])
        XCTAssertEqual(exit.first?.colour, .yellow)
        XCTAssertNotNil(exit.first?.landing)
        XCTAssertNil(exit.first?.compliance)

        let cartas = try Game(variant: "cartas", seed: 1)
        try rollUntilDecision(cartas)
        let passes = try cartas.legalActions()
        XCTAssertFalse(passes.isEmpty)
        XCTAssertTrue(passes.allSatisfy { $0.notation.hasPrefix("pass:") && $0.id != nil && $0.landing == nil })
    }

    func testAPositionReadsBackAndPicturesShowIt() throws {
        // Blue is absent, so B5 is a police cell, and the roll 5-3 exposes 5.
        let written = "poleana:2 turn=Y roll=5-3 Y=Y1,start,start,start R=B5,start,start,start"
        let game = try Game.fromPosition(position: written)
        let text = try game.position()
        XCTAssertTrue(text.hasPrefix(written), "the engine writes every field: \(text)")
        XCTAssertEqual(try Game.fromPosition(position: text).position(), text)
        XCTAssertEqual(try game.legalActions().first?.notation, "sweep")
        let svg = try game.svg()
        XCTAssertTrue(svg.hasPrefix("<svg") && svg.contains("<title>\(text)</title>"))
        let view = try game.view(seat: 0)
        XCTAssertTrue(try view.svg().hasPrefix("<svg"))
        XCTAssertFalse(try view.text().isEmpty)
        XCTAssertEqual(try view.legalActions().first?.notation, "sweep")
    }
}
