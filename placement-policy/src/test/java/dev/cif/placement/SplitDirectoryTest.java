package dev.cif.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SplitDirectoryTest {

  @Test
  void aColumnFileEndsInDotCifAndItsParentIsTheSplit() {
    assertTrue(SplitDirectory.isColumnFile("/warehouse/t/split-0001/url.cif"));
    assertEquals("/warehouse/t/split-0001", SplitDirectory.of("/warehouse/t/split-0001/url.cif"));
    assertEquals("/", SplitDirectory.of("/url.cif"));
  }

  @Test
  void otherNamesAreNotColumnFiles() {
    assertFalse(SplitDirectory.isColumnFile("/warehouse/t/split-0001/_SUCCESS"));
    assertFalse(SplitDirectory.isColumnFile("/warehouse/t/split-0001/notes.cif.txt"));
    assertFalse(SplitDirectory.isColumnFile("/warehouse/t/split-0001/.cif"));
    assertFalse(SplitDirectory.isColumnFile(null));
  }
}
