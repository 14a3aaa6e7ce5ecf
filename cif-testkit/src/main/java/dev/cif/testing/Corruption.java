package dev.cif.testing;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;

/** Damage done on purpose, for tests of what notices it. */
public final class Corruption {
  private Corruption() {}

  /**
   * Inverts the middle byte of a file that Hadoop's local file system wrote, and deletes its checksum file
   * ({@code .NAME.crc}), so that what notices is CIF's own CRC, as on a file system that keeps no such file.
   */
  public static void flipMiddleByteUnderChecksumFs(Path file) throws IOException {
    flipMiddleByte(file);
    java.nio.file.Files.deleteIfExists(file.resolveSibling("." + file.getFileName() + ".crc"));
  }

  /** Inverts every bit of the byte in the middle of a file. */
  public static void flipMiddleByte(Path file) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      long at = f.length() / 2;
      f.seek(at);
      int b = f.read();
      f.seek(at);
      f.write(b ^ 0xFF);
    }
  }
}
