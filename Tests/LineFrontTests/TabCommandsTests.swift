import LineFront
import Testing
import TrackerUI

@Suite struct TabCommandsTests {
    @Test func numbersSwitchToTheirTab() {
        #expect(TabCommands.parse("1") == .switchTo(.issues))
        #expect(TabCommands.parse(" 2 ") == .switchTo(.labels))
        #expect(TabCommands.parse("3") == .switchTo(.milestones))
        #expect(TabCommands.parse("4") == .switchTo(.people))
        #expect(TabCommands.parse("5") == nil, "not a tab: the tab's own commands decide")
        #expect(TabCommands.parse("0") == nil)
    }

    @Test func tabNamesIgnoreCaseAndMayBeShortened() {
        #expect(TabCommands.parse("tab labels") == .switchTo(.labels))
        #expect(TabCommands.parse("TAB Mile") == .switchTo(.milestones))
        #expect(TabCommands.parse("tab p") == .switchTo(.people))
        #expect(TabCommands.parse("Tab issues") == .switchTo(.issues))
        #expect(TabCommands.parse("tab nowhere") == .unknownTab("nowhere"))
        #expect(TabCommands.parse("tab") == .unknownTab(""))
        #expect(TabCommands.parse("v 1") == nil)
        #expect(TabCommands.parse("tabs") == nil)
    }

    @Test func theBarMarksTheCurrentTab() {
        #expect(TabBarView.line(current: .issues) == "[1 Issues]  2 Labels  3 Milestones  4 People")
        #expect(TabBarView.line(current: .people) == "1 Issues  2 Labels  3 Milestones  [4 People]")
        #expect(TabBarView.unknown("x\u{1B}[2J").contains("'x^[[2J'"), "typed text is escaped")
    }
}
