// Sentences said one after another in a status line: "You played 7H on space 7" and "New game."
// both end with exactly one full stop when joined, whatever each caller wrote.
//
// Example: joinSentences(["New game.", "The computer played 7 of spades", "Your turn: choose a card."])
// gives "New game. The computer played 7 of spades. Your turn: choose a card."

/**
 * A sentence ending with its own mark (".", "!", "?", "…", maybe inside a closing quote or bracket:
 * "He said “go.”"), a full stop added when it has none. @param {string} text
 */
export function closedSentence(text) {
  const trimmed = text.trim();
  return /[.!?…]["”»)]?$/u.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The non-empty sentences, each closed once, joined by spaces. @param {string[]} sentences */
export function joinSentences(sentences) {
  return sentences.filter((text) => text.trim()).map(closedSentence).join(" ");
}
