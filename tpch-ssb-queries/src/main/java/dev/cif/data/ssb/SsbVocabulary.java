package dev.cif.data.ssb;

import java.util.SplittableRandom;

/** The word lists the SSB specification takes from TPC-H (nations, regions, colors, types, ...). */
final class SsbVocabulary {
  private SsbVocabulary() {}

  static final String[] REGIONS = {"AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST"};
  /** TPC-H's 25 nations in nation-key order, with their region (index into REGIONS). */
  static final String[] NATIONS = {"ALGERIA", "ARGENTINA", "BRAZIL", "CANADA", "EGYPT", "ETHIOPIA", "FRANCE",
      "GERMANY", "INDIA", "INDONESIA", "IRAN", "IRAQ", "JAPAN", "JORDAN", "KENYA", "MOROCCO", "MOZAMBIQUE",
      "PERU", "CHINA", "ROMANIA", "SAUDI ARABIA", "VIETNAM", "RUSSIA", "UNITED KINGDOM", "UNITED STATES"};
  static final int[] NATION_REGION = {0, 1, 1, 1, 4, 0, 3, 3, 2, 2, 4, 4, 2, 4, 0, 0, 0, 1, 2, 3, 4, 2, 3, 3, 1};
  static final String[] SEGMENTS = {"AUTOMOBILE", "BUILDING", "FURNITURE", "MACHINERY", "HOUSEHOLD"};
  static final String[] PRIORITIES = {"1-URGENT", "2-HIGH", "3-MEDIUM", "4-NOT SPECIFIED", "5-LOW"};
  static final String[] SHIP_MODES = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
  static final String[] TYPE_1 = {"STANDARD", "SMALL", "MEDIUM", "LARGE", "ECONOMY", "PROMO"};
  static final String[] TYPE_2 = {"ANODIZED", "BURNISHED", "PLATED", "POLISHED", "BRUSHED"};
  static final String[] TYPE_3 = {"TIN", "NICKEL", "BRASS", "STEEL", "COPPER"};
  static final String[] CONTAINER_1 = {"SM", "LG", "MED", "JUMBO", "WRAP"};
  static final String[] CONTAINER_2 = {"CASE", "BOX", "BAG", "JAR", "PKG", "PACK", "CAN", "DRUM"};
  static final String[] COLORS = {"almond", "antique", "aquamarine", "azure", "beige", "bisque", "black",
      "blanched", "blue", "blush", "brown", "burlywood", "burnished", "chartreuse", "chiffon", "chocolate", "coral",
      "cornflower", "cornsilk", "cream", "cyan", "dark", "deep", "dim", "dodger", "drab", "firebrick", "floral",
      "forest", "frosted", "gainsboro", "ghost", "goldenrod", "green", "grey", "honeydew", "hot", "indian", "ivory",
      "khaki", "lace", "lavender", "lawn", "lemon", "light", "lime", "linen", "magenta", "maroon", "medium",
      "metallic", "midnight", "mint", "misty", "moccasin", "navajo", "navy", "olive", "orange", "orchid", "pale",
      "papaya", "peach", "peru", "pink", "plum", "powder", "puff", "purple", "red", "rose", "rosy", "royal",
      "saddle", "salmon", "sandy", "seashell", "sienna", "sky", "slate", "smoke", "snow", "spring", "steel", "tan",
      "thistle", "tomato", "turquoise", "violet", "wheat", "white", "yellow"};

  /** SSB's city: the nation's name padded or cut to 9 characters, then one digit (e.g. "UNITED KI1"). */
  static String city(String nation, int digit) {
    String nine = nation.length() >= 9 ? nation.substring(0, 9) : String.format("%-9s", nation);
    return nine + digit;
  }

  /** TPC-H's phone number: country code (nation key + 10) then 3-3-4 digits. */
  static String phone(int nation, SplittableRandom r) {
    return (nation + 10) + "-" + digits(r, 3) + "-" + digits(r, 3) + "-" + digits(r, 4);
  }

  private static final String ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ,.";

  /** Random text of a length uniform in [min, max] (TPC-H's v-string). */
  static String text(SplittableRandom r, int min, int max) {
    char[] c = new char[r.nextInt(min, max + 1)];
    for (int i = 0; i < c.length; i++) c[i] = ALPHABET.charAt(r.nextInt(ALPHABET.length()));
    return new String(c);
  }

  /** Digits, e.g. the parts of a phone number. */
  private static String digits(SplittableRandom r, int n) {
    char[] c = new char[n];
    for (int i = 0; i < n; i++) c[i] = (char) ('0' + r.nextInt(10));
    return new String(c);
  }
}
