package dev.cif.embedded.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.hadoop.hive.metastore.IMetaStoreClient;
import org.apache.hadoop.hive.metastore.api.Table;
import org.apache.hadoop.hive.ql.metadata.Hive;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.junit.jupiter.api.Test;

/** A CIF table's cif.* properties are cif-core's write settings: unknown keys and bad values are refused, naming both. */
class TablePropertiesTest extends EmbeddedHiveTest {

  private static String refusal(String sql) {
    CommandProcessorException e = assertThrows(CommandProcessorException.class, () -> hive.run(sql), sql);
    return String.valueOf(e.getMessage());
  }

  private static void assertMentions(String message, String... parts) {
    for (String p : parts) assertTrue(message.contains(p), "'" + p + "' missing from: " + message);
  }

  @Test
  void createTableRefusesABadValueAndAnUnknownKey() throws Exception {
    assertMentions(refusal("CREATE TABLE p_codec (k INT) STORED AS CIF TBLPROPERTIES ('cif.codec' = '*:lz5')"),
        "cif.codec", "*:lz5", "zstd", "lz4");
    assertMentions(refusal("CREATE TABLE p_key (k INT) STORED AS CIF TBLPROPERTIES ('cif.codex' = 'zstd')"),
        "cif.codex", "cif.codec", "cif.layout");
    assertMentions(refusal("CREATE TABLE p_bool (k INT) STORED AS CIF TBLPROPERTIES ('cif.dcsl.key-streams' = 'yes')"),
        "cif.dcsl.key-streams", "true or false");
    assertMentions(refusal("CREATE TABLE p_read (k INT) STORED AS CIF TBLPROPERTIES ('cif.read.columns' = 'k')"),
        "cif.read.columns", "not a table property");
    hive.run("CREATE TABLE p_good (k INT, s STRING) STORED AS CIF TBLPROPERTIES ('cif.codec' = '*:lz4', 'cif.layout' = 's:dict',"
        + " 'cif.block.bytes' = '4096', 'other.key' = 'x')");
    hive.run("INSERT INTO p_good VALUES (1, 'a')");
    assertEquals(List.of("1\ta"), hive.run("SELECT * FROM p_good"));
    // ALTER TABLE is refused too, though Hive words it as a table without columns (its schema comes from the SerDe).
    refusal("ALTER TABLE p_good SET TBLPROPERTIES ('cif.layout' = 's:dcsl2')");
    assertEquals(List.of("1\ta"), hive.run("SELECT * FROM p_good"));
  }

  /** A table given a bad setting behind Hive's back (through the metastore alone) refuses INSERT, and writes nothing. */
  @Test
  void insertRefusesABadValue() throws Exception {
    hive.run("CREATE TABLE p_insert (k INT) STORED AS CIF");
    IMetaStoreClient metastore = Hive.get(hive.conf()).getMSC();
    Table t = metastore.getTable("default", "p_insert");
    t.getParameters().put("cif.block.bytes", "-5");
    metastore.alter_table("default", "p_insert", t);
    assertMentions(refusal("INSERT INTO p_insert VALUES (1)"), "cif.block.bytes", "-5", "positive");
    t.getParameters().remove("cif.block.bytes");
    metastore.alter_table("default", "p_insert", t);
    assertEquals(List.of(), hive.run("SELECT * FROM p_insert"));
  }
}
