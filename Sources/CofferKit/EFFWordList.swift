/// The EFF large word list for dice-generated passphrases: 7776 words (6⁵, five dice per
/// word), chosen to be easy to type and remember. By the Electronic Frontier Foundation,
/// under CC BY 3.0 US (``attribution``); compiled into the library so an installed
/// `coffer` needs no file beside it.
public enum EFFWordList {
    /// What the license asks to be shown with the list.
    public static let attribution =
        "EFF large word list, by the Electronic Frontier Foundation (https://www.eff.org/dice), "
        + "licensed under CC BY 3.0 US (https://creativecommons.org/licenses/by/3.0/us/)"

    /// The words in the list's order (index = the dice roll in base 6).
    public static let words: [String] = text.split(separator: "\n").map(String.init)
}
