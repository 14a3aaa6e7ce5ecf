package dev.cif.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class StoredAsCifTest {
  private static EmbeddedHive hive;

  @BeforeAll
  static void start() throws Exception {
    hive = new EmbeddedHive();
  }

  @AfterAll
  static void stop() throws Exception {
    if (hive != null) hive.close();
  }

  @Test
  void insertAndSelect() throws Exception {
    hive.runAll("CREATE TABLE s1 (id INT, name STRING) STORED AS CIF",
        "INSERT INTO s1 VALUES (1, 'a'), (2, NULL), (3, 'c')",
        "CREATE TABLE s1_orc (id INT, name STRING) STORED AS ORC",
        "INSERT INTO s1_orc VALUES (1, 'a'), (2, NULL), (3, 'c')");
    List<String> cif = hive.run("SELECT * FROM s1 ORDER BY id");
    assertFalse(cif.isEmpty());
    assertEquals(hive.run("SELECT * FROM s1_orc ORDER BY id"), cif);
  }
}
