import Fichas
import XCTest

/// A server rolls its own dice and deals its own cards, and applies them to the game.
final class ChanceTests: XCTestCase {
    func testSuppliedDiceDecideTheGameWhateverTheGamesOwnSeed() throws {
        var random = SeededGenerator(seed: 5)
        let dice: [(UInt32, UInt32)] = (0..<400).map { _ in
            (UInt32.random(in: 1...6, using: &random), UInt32.random(in: 1...6, using: &random))
        }
        func playWith(_ seed: UInt64) throws -> String {
            let game = try Game(variant: "parchis:two-player", seed: seed)
            var next = 0
            for _ in 0..<400 {
                switch try game.phase() {
                case .chance:
                    let (a, b) = dice[next]
                    next += 1
                    let rolled = try XCTUnwrap(try game.applyDice(first: a, second: b).first)
                    XCTAssertEqual(rolled.kind, "rolled")
                    XCTAssertEqual(rolled.fields["roll"], "[\(a),\(b)]")
                case .decide:
                    _ = try game.play(action: try XCTUnwrap(try game.legalActions().first))
                case .over:
                    return try game.position()
                }
            }
            return try game.position()
        }
        XCTAssertEqual(try playWith(1), try playWith(999), "only the supplied dice matter")
    }

    func testASuppliedRollAsTextWithItsWeightListed() throws {
        let game = try Game(variant: "poleana:2", seed: 1)
        let outcomes = try game.chanceOutcomes()
        XCTAssertEqual(outcomes.map { Int($0.weight) }.reduce(0, +), 36, "two dice: 36 equally likely ordered rolls")
        XCTAssertTrue(outcomes.contains { $0.notation == "5-1" })
        let events = try game.applyChance(outcome: "5-1")
        XCTAssertEqual(events.first?.kind, "rolled")
        XCTAssertEqual(try game.phase(), .decide(seat: 0))
        XCTAssertTrue(try game.chanceOutcomes().isEmpty, "nothing to roll while a seat decides")
        _ = try game.playNotation(notation: "release")
        XCTAssertEqual(try game.record().steps(), [.chance(outcome: "5-1"), .decision(seat: 0, action: "release")])
    }

    func testARollWithNoUsePassesTheTurnByItself() throws {
        let game = try Game(variant: "poleana:2", seed: 1)
        let events = try game.applyChance(outcome: "6-4")
        XCTAssertEqual(events.map(\.kind), ["rolled", "passed", "turn_passed"])
        XCTAssertEqual(try game.phase(), .chance)
    }

    func testAServerDealsTheCartasCardsAndEachSeatHoldsWhatItWasDealt() throws {
        let game = try Game(variant: "cartas", seed: 1)
        var dealt: [[String]] = Array(repeating: [], count: 4)
        while try game.toAct() == nil {
            // The server's card: the first rank still in the pile.
            let card = try XCTUnwrap(try game.chanceOutcomes().first { $0.weight > 0 }).notation
            let deal = try XCTUnwrap(try game.applyChance(outcome: card).first { $0.kind == "dealt" })
            XCTAssertEqual(deal.fields["card"], card)
            let to = try XCTUnwrap(Int(try XCTUnwrap(deal.fields["to"])))
            dealt[to].append(card)
        }
        for seat in 0..<4 {
            XCTAssertEqual(try game.view(seat: UInt32(seat)).hand().sorted(), dealt[seat].sorted())
        }
        expectError("Parse") { try game.applyChance(outcome: "Z") }
    }

    func testTheHostsTimeoutIsAStepWithItsConsequences() throws {
        let game = try Game(variant: "poleana:2", seed: 1)
        _ = try game.applyChance(outcome: "5-1")
        let events = try game.timeout()
        XCTAssertEqual(events.first?.kind, "infraction")
        XCTAssertEqual(events.first?.fields["cause"], "timeout")
        XCTAssertEqual(try game.record().steps().last, .timeout(seat: 0))
    }
}
