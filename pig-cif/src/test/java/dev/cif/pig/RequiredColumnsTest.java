package dev.cif.pig;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cif.ReadOptions;
import dev.cif.pushdown.MapKeys;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.hadoop.conf.Configuration;
import org.apache.pig.LoadPushDown.RequiredField;
import org.apache.pig.LoadPushDown.RequiredFieldList;
import org.apache.pig.data.DataType;
import org.junit.jupiter.api.Test;

/**
 * The map keys Pig names as a map field's sub-fields become cif-core's MapKeys (the key-set API Hive's
 * reader uses too), and reach the readers through the job (cif.read.map-keys): only maps with string
 * keys, and only those the script reads by key alone.
 */
class RequiredColumnsTest {
  private static final Schema DATASET = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"r\",\"fields\":["
      + "{\"name\":\"url\",\"type\":\"string\"},"
      + "{\"name\":\"metadata\",\"type\":[\"null\",{\"type\":\"map\",\"values\":\"string\"}]},"
      + "{\"name\":\"whole\",\"type\":{\"type\":\"map\",\"values\":\"string\"}},"
      + "{\"name\":\"counts\",\"type\":{\"type\":\"map\",\"values\":\"long\",\"cif.keyType\":\"int\"}}]}");

  private static RequiredField key(String k) { return new RequiredField(k, -1, null, DataType.CHARARRAY); }

  @Test
  void subFieldsOfStringMapsBecomeMapKeys() throws Exception {
    RequiredFieldList list = new RequiredFieldList(List.of(
        new RequiredField("url", 0, null, DataType.CHARARRAY),
        new RequiredField("metadata", 1, List.of(key("content-type"), key("x-caché")), DataType.MAP),
        new RequiredField("whole", 2, null, DataType.MAP),
        new RequiredField("counts", 3, List.of(key("7")), DataType.MAP)));
    RequiredColumns rc = RequiredColumns.from(list, DATASET);
    MapKeys keys = rc.mapKeys();
    assertEquals(Map.of("metadata", Set.of("content-type", "x-caché")), keys.byColumn());

    Configuration conf = new Configuration(false);
    ReadOptions.setMapKeys(conf, keys);
    assertEquals(keys, ReadOptions.fromConf(conf).mapKeys());
    ReadOptions.setMapKeys(conf, MapKeys.NONE);
    assertEquals(MapKeys.NONE, ReadOptions.fromConf(conf).mapKeys());
  }
}
