import Testing
import TrackerUI

@Suite struct PickerTests {
    @Test func numbersStayPutWhileToggling() {
        var picker = Picker(selected: ["ann"], limit: 3)
        picker.show(candidates: ["bob", "ann", "cat"])
        #expect(picker.choices == ["ann", "bob", "cat"], "the selection first, no repeats")
        #expect(picker.toggle(1) == .deselected("ann"))
        #expect(picker.toggle(3) == .selected("cat"))
        #expect(picker.choices == ["ann", "bob", "cat"])
        #expect(picker.selected == ["cat"])
        #expect(!picker.isSelected("ann"))
    }

    @Test func aSearchRenumbersWithTheSelectionFirst() {
        var picker = Picker<String>(limit: 3)
        picker.show(candidates: ["bob", "cat"])
        _ = picker.toggle(2)
        picker.show(candidates: ["dan"])
        #expect(picker.choices == ["cat", "dan"])
    }

    @Test func theLimitAndTheRangeAreHeld() {
        var picker = Picker<String>(limit: 1)
        #expect(picker.toggle(1) == .outOfRange(count: 0))
        picker.show(candidates: ["a", "b"])
        #expect(picker.toggle(0) == .outOfRange(count: 2))
        #expect(picker.toggle(3) == .outOfRange(count: 2))
        #expect(picker.toggle(Int.max) == .outOfRange(count: 2))
        #expect(picker.toggle(1) == .selected("a"))
        #expect(picker.toggle(2) == .full(limit: 1))
        #expect(picker.selected == ["a"])
    }

    @Test func resetStartsFromASavedSelection() {
        var picker = Picker<String>(limit: 3)
        picker.show(candidates: ["a", "b"])
        picker.reset(selected: ["z"])
        #expect(picker.choices == ["z"])
        #expect(picker.selected == ["z"])
    }
}
