import Fichas
import XCTest

/// The engine's refusals arrive as typed errors with messages a person understands.
final class ErrorsTests: XCTestCase {
    func testAnIllegalActionThrowsIllegalActionAndChangesNothing() throws {
        let game = try Game(variant: "poleana:2", seed: 1)
        _ = try game.applyChance(outcome: "5-1")
        let before = try game.position()
        let message = expectError("IllegalAction") { try game.playNotation(notation: "Y12+5") }
        XCTAssertTrue(message.hasPrefix("`Y12+5` is not legal here: "), message)
        XCTAssertEqual(try game.position(), before)
        XCTAssertEqual(try game.record().stepCount(), 1, "a refused action is not recorded")
        // A stale action from a list read earlier is refused the same way.
        let release = try XCTUnwrap(try game.legalActions().first)
        _ = try game.play(action: release)
        expectError("IllegalAction") { try game.play(action: release) }
    }

    func testActingOutOfTurnNamesWhatIsDue() throws {
        let game = try Game(variant: "parchis", seed: 1)
        let early = expectError("IllegalAction") { try game.playNotation(notation: "home+5") }
        XCTAssertEqual(early, "a chance event is pending: sample or supply its outcome before deciding")
        _ = try game.applyDice(first: 5, second: 3)
        let twice = expectError("IllegalAction") { try game.applyDice(first: 1, second: 2) }
        XCTAssertEqual(twice, "no chance event is pending: a player is to decide")
    }

    func testTextThatCannotBeReadThrowsParse() throws {
        let game = try Game(variant: "poleana:2", seed: 1)
        XCTAssertTrue(expectError("Parse") { try game.applyChance(outcome: "7-1") }.contains("7-1"))
        expectError("Parse") { try game.applyDice(first: 0, second: 3) }
        _ = try game.applyChance(outcome: "5-1")
        XCTAssertTrue(expectError("Parse") { try game.playNotation(notation: "walk forward") }.contains("walk forward"))
        expectError("Parse") { try Game.fromPosition(position: "poleana:2 turn=Q") }
        expectError("Parse") { try SeatView.fromJson(json: "{\"seat\": 9}") }
    }

    func testAVariantThatCannotBeThrowsConfigAndASeatNotAtTheTableThrowsSeat() throws {
        XCTAssertTrue(expectError("Config") { try Game(variant: "parchis:three") }.contains("three"))
        expectError("Config") { try Game(variant: "chess") }
        expectError("Config") { try variantInfo(variant: "poleana:1") }
        let game = try Game(variant: "poleana:2")
        let seat = expectError("Seat") { try game.view(seat: 2) }
        XCTAssertEqual(seat, "seat 2 is not at this table: poleana:2 has seats 0 to 1")
        let table = try Table(variant: "poleana:2")
        expectError("Seat") { try table.eventsFor(seat: 7) }
        try table.start()
        expectError("HostOnly") { try table.submit(seat: 0, step: 0, action: "timeout") }
        expectError("NotYourTurn") { try table.submit(seat: 1, step: 0, action: "roll") }
        expectError("Stale") { try table.submit(seat: 0, step: 5, action: "roll") }
        expectError("IllegalAction") { try table.submit(seat: 0, step: 0, action: "release") }
    }

    func testEveryErrorIsAFichasError() throws {
        expectError("Config") { try Game(variant: "nope") }
        expectError("Record") { try replay(json: "{}") }
        expectError("Parse") { try Game(variant: "cartas").applyChance(outcome: "5-3") }
    }
}
