package dev.cif.impl.io;

import dev.cif.CifFormatException;
import dev.cif.WriterVersion;
import dev.cif.WrittenBy;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The writer this code is, as a header's {@code cif.writer.version} value records it
 * (docs/FORMAT.md §3.1): {@code ProjectVersion ' ' FormatVersion ' ' WriterVersion}, e.g.
 * {@code "0.1.0 6 1"}; and the parser of such a value. The project version comes from
 * {@code writer.properties}, which the build fills in.
 */
final class CurrentWriter {
  /** The value every header this code writes holds. */
  static final String VALUE = projectVersion() + " " + FormatVersion.CURRENT.id + " " + WriterVersion.CURRENT.id;

  private CurrentWriter() {}

  private static String projectVersion() {
    try (InputStream in = CurrentWriter.class.getResourceAsStream("writer.properties")) {
      if (in == null) throw new IllegalStateException("writer.properties is missing from cif-core's jar");
      Properties p = new Properties();
      p.load(in);
      String v = p.getProperty("project.version", "");
      // A space would break the value's grammar; an unfiltered placeholder means a broken build.
      if (v.isEmpty() || v.contains(" ") || v.startsWith("${")) throw new IllegalStateException("bad project version in writer.properties: '" + v + "'");
      return v;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The writer a header names, or {@link WrittenBy#original} without the key. The format version
   * word must equal the header's version byte: a value that disagrees is corruption.
   */
  static WrittenBy parse(String value, FormatVersion version, String file) throws CifFormatException {
    if (value == null) return WrittenBy.original(version.id);
    String[] words = value.split(" ", -1);
    try {
      if (words.length != 3 || words[0].isEmpty() || Integer.parseInt(words[1]) != version.id) throw new NumberFormatException();
      return new WrittenBy(words[0], version.id, WriterVersion.byId(Integer.parseInt(words[2])));
    } catch (IllegalArgumentException e) {
      throw new CifFormatException(file, null, 0, "bad " + HeaderKey.WRITER_VERSION.key + " '" + value + "' in a file of format version " + version.id);
    }
  }
}
