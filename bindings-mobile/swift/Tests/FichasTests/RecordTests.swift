import Fichas
import XCTest

final class RecordTests: XCTestCase {
    /// A game of Parchís in pairs, 250 steps in.
    private func playedGame() throws -> Game {
        let game = try Game(variant: "parchis:pairs", seed: 21)
        var random = SeededGenerator(seed: 21)
        for _ in 0..<250 {
            try step(game, &random)
        }
        return game
    }

    func testARecordReplaysToTheSamePositionFromJsonOrFromTheObject() throws {
        let game = try playedGame()
        let record = try game.record()
        let json = try record.toJson()
        XCTAssertTrue(json.hasPrefix("{\"format\":\"fichas-record\",\"version\":2,\"variant\":\"parchis:pairs\""))
        XCTAssertEqual(try replay(json: json).position(), try game.position())
        XCTAssertEqual(try record.replay().position(), try game.position())

        let read = try GameRecord.fromJson(json: try record.toJson(pretty: true))
        XCTAssertEqual(try read.variant(), "parchis:pairs")
        XCTAssertEqual(try read.steps(), try record.steps())
        guard case .some(.chance(_)) = try read.steps().first else {
            return XCTFail("a game starts with a roll")
        }
        XCTAssertEqual(try read.toJson(), json, "pretty JSON reads back to the same record")
    }

    func testAReplayedGamePlaysOnAndItsRecordKeepsGrowing() throws {
        let game = try playedGame()
        let again = try replay(json: try game.record().toJson(), seed: 5)
        var random = SeededGenerator(seed: 3)
        for _ in 0..<20 {
            try step(again, &random)
        }
        XCTAssertEqual(try again.record().stepCount(), try game.record().stepCount() + 20)
    }

    func testATamperedRecordNamesItsFirstIllegalStep() throws {
        let json = try playedGame().record().toJson()
        let early = json.replacingOccurrences(of: "\"steps\":[", with: "\"steps\":[{\"seat\":0,\"action\":\"home+5\"},")
        let message = expectError("Record") { try replay(json: early) }
        XCTAssertEqual(message, "step 0 is illegal: `home+5` was recorded where a chance outcome was due")

        let newer = json.replacingOccurrences(of: "\"version\":2", with: "\"version\":3")
        XCTAssertTrue(expectError("Record") { try GameRecord.fromJson(json: newer) }.contains("newer"))
        expectError("Record") { try replay(json: "not json") }
    }

    func testAGameFromAPositionRecordsThatStart() throws {
        let start = "poleana:2 turn=Y roll=5-3 Y=Y1,start,start,start R=B5,start,start,start"
        let game = try Game.fromPosition(position: start)
        _ = try game.playNotation(notation: "sweep")
        let json = try game.record().toJson()
        XCTAssertTrue(json.contains("\"start\":\"\(start)"), json)
        XCTAssertEqual(try replay(json: json).position(), try game.position())
    }
}
