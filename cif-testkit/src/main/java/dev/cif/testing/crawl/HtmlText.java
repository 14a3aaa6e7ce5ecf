package dev.cif.testing.crawl;

import dev.cif.testing.rows.RowRandom;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * HTML-like page bodies built from a fixed pseudo-word vocabulary with skewed word frequencies, so the
 * {@code content} column compresses roughly like crawled HTML (repeated markup, Zipf-like words) rather
 * than like random bytes or like one repeated string.
 */
final class HtmlText {

  private static final int VOCABULARY_SIZE = 500;
  /** Fixed, not the dataset seed: the language stays the same across datasets, only the pages differ. */
  private static final long VOCABULARY_SEED = 0x5EEDL;
  private static final String[] WORDS = buildVocabulary();

  private static final String[] BLOCK_OPEN = {
    "<p>", "<p class=\"ibm-intro\">", "<div class=\"ibm-container\"><p>", "<li>", "<h2>", "<td>",
  };
  private static final String[] BLOCK_CLOSE = {"</p>\n", "</p>\n", "</p></div>\n", "</li>\n", "</h2>\n", "</td>\n"};
  /** Inline markup that real pages repeat constantly; most of what makes HTML compress well. */
  private static final String[][] INLINE = {
    {"<span class=\"ibm-item-note\">", "</span>"}, {"<strong>", "</strong>"}, {"<em>", "</em>"},
    {"<a class=\"ibm-forward-link\" href=\"http://www.ibm.com/", "\">more</a>"},
    {"<img src=\"/i/v16/t/", ".gif\" width=\"1\" height=\"1\" alt=\"\" />"},
  };
  private static final String TAIL = "\n</div>\n</body>\n</html>\n";

  private HtmlText() {}

  private static String[] buildVocabulary() {
    SplittableRandom random = new SplittableRandom(VOCABULARY_SEED);
    String[] words = new String[VOCABULARY_SIZE];
    for (int i = 0; i < words.length; i++) {
      // Frequent words are short, as in natural language.
      int length = 2 + Math.min(8, i / 50) + random.nextInt(3);
      words[i] = RowRandom.lowercase(random, length);
    }
    return words;
  }

  static String word(SplittableRandom random) {
    return WORDS[RowRandom.skewedIndex(random, WORDS.length)];
  }

  static String capitalised(String word) {
    return Character.toUpperCase(word.charAt(0)) + word.substring(1);
  }

  static String title(SplittableRandom random) {
    StringBuilder title = new StringBuilder();
    int words = RowRandom.between(random, 2, 6);
    for (int i = 0; i < words; i++) {
      title.append(i == 0 ? "" : " ").append(capitalised(word(random)));
    }
    return title.toString();
  }

  /** A page of about {@code targetLength} bytes (never shorter, at most one block longer). */
  static byte[] page(SplittableRandom random, int targetLength) {
    StringBuilder html = new StringBuilder(targetLength + 256);
    html.append("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01 Transitional//EN\">\n<html>\n<head>\n<title>")
        .append(title(random))
        .append("</title>\n<meta name=\"keywords\" content=\"")
        .append(word(random)).append(", ").append(word(random))
        .append("\">\n</head>\n<body>\n<div id=\"ibm-content\">\n");
    while (html.length() + TAIL.length() < targetLength) {
      int block = random.nextInt(BLOCK_OPEN.length);
      html.append(BLOCK_OPEN[block]);
      int words = RowRandom.between(random, 8, 60);
      for (int i = 0; i < words; i++) {
        if (random.nextInt(4) == 0) {
          String[] markup = INLINE[random.nextInt(INLINE.length)];
          html.append(markup[0]).append(word(random)).append(markup[1]).append(' ');
        } else {
          html.append(word(random)).append(i + 1 == words ? "." : " ");
        }
      }
      html.append(BLOCK_CLOSE[block]);
    }
    return html.append(TAIL).toString().getBytes(StandardCharsets.US_ASCII);
  }
}
