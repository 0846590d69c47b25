import Fichas
import XCTest

/// What a seat may see of a Cartas game: its own hand, and of the others only their sizes.
final class CartasViewTests: XCTestCase {
    /// A Cartas game at its first decision (the exchange), and the hands in its position.
    private func dealtGame(_ seed: UInt64) throws -> (Game, [String]) {
        let game = try Game(variant: "cartas", seed: seed)
        try rollUntilDecision(game)
        let hands = try XCTUnwrap(positionField(try game.position(), "hands"))
        return (game, hands.split(separator: "/", omittingEmptySubsequences: false).map(String.init))
    }

    func testAViewHoldsTheSeatsOwnHandAndOnlyTheSizesOfTheOthers() throws {
        let (game, hands) = try dealtGame(5)
        for seat in 0..<4 {
            let view = try game.view(seat: UInt32(seat))
            XCTAssertEqual(try view.hand().joined(), hands[seat])
            XCTAssertEqual(try view.handSizes(), hands.map { UInt32($0.count) })
            XCTAssertEqual(try view.variant(), "cartas")
        }
    }

    func testHiddenCardsLeaveNoTraceInAViewItsJsonOrItsPictures() throws {
        let (game, hands) = try dealtGame(5)
        // Move one card between the hands of seats 1 and 2 (same sizes, same deck): only what
        // seat 0 may not see changes.
        let (a, b) = (hands[1], hands[2])
        let fromA = try XCTUnwrap(a.first { !b.contains($0) })
        let fromB = try XCTUnwrap(b.first { !a.contains($0) })
        func replacingFirst(_ hand: String, _ card: Character, with other: Character) -> String {
            var cards = Array(hand)
            if let i = cards.firstIndex(of: card) {
                cards[i] = other
            }
            return String(cards)
        }
        let swapped = [hands[0], replacingFirst(a, fromA, with: fromB), replacingFirst(b, fromB, with: fromA), hands[3]]
        let position = try game.position()
        let other = position.replacingOccurrences(
            of: "hands=\(hands.joined(separator: "/"))",
            with: "hands=\(swapped.joined(separator: "/"))"
        )
        XCTAssertNotEqual(position, other)
        let twin = try Game.fromPosition(position: other)
        let mine = try game.view(seat: 0)
        let theirs = try twin.view(seat: 0)
        XCTAssertEqual(try mine.toJson(), try theirs.toJson())
        XCTAssertEqual(try mine.svg(), try theirs.svg())
        XCTAssertEqual(try mine.text(), try theirs.text())
        XCTAssertEqual(try mine.legalActions(), try theirs.legalActions())
        XCTAssertNotEqual(try game.view(seat: 1).toJson(), try twin.view(seat: 1).toJson(), "seat 1 sees its own hand change")
    }

    func testAViewSentAsJsonReadsBackAndListsTheSeatsChoices() throws {
        let (game, _) = try dealtGame(9)
        let seat = try XCTUnwrap(try game.toAct())
        let sent = try game.view(seat: seat).toJson()
        let received = try SeatView.fromJson(json: sent)
        XCTAssertEqual(try received.toJson(), sent)
        XCTAssertEqual(try received.toAct(), seat)
        XCTAssertEqual(try received.legalActions(), try game.legalActions())
    }

    func testTheEventsOfADealShowEachCardOnlyToTheSeatThatGotIt() throws {
        let table = try Table(variant: "cartas")
        try table.start()
        let all = try table.eventsFor(seat: nil).filter { $0.event.kind == "dealt" }
        XCTAssertEqual(all.count, 24)
        XCTAssertTrue(all.allSatisfy { $0.event.fields["card"] == nil }, "a spectator sees no card")
        for seat in UInt32(0)..<4 {
            for delivered in try table.eventsFor(seat: seat) where delivered.event.kind == "dealt" {
                let mine = delivered.event.fields["to"] == String(seat)
                XCTAssertEqual(delivered.event.fields["card"] != nil, mine, "seat \(seat) sees \(delivered)")
            }
        }
    }
}
