/// Issues in several scripts for the search tests (repository contract and command line): a
/// Japanese word inside a longer run, accents and capitals both ways, Cyrillic, and English.
public enum SearchSamples {
    public static let texts: [(title: String, body: String)] = [
        ("ログイン失敗", "パスワードが空のとき"),
        ("Café au lait", "Crème brûlée"),
        ("CAFE MENU", "Ошибка входа в систему"),
        ("Login fails", "crash on an empty password"),
        ("Login works", "after the update"),
        ("Signin page", ""),
    ]
}
