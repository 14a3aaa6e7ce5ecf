-- Nested complex types in CIF: a struct holding an array and a struct, an array of structs holding
-- maps, a map of arrays, and a union, with NULLs at several levels. Hive cannot INSERT into a
-- uniontype column, so the table is made by CREATE TABLE ... AS SELECT.
-- Run: bin/cif hive -f ddl-examples/src/main/hive/nested_types.sql

CREATE TABLE orders_nested STORED AS CIF AS
SELECT pos AS id,
       named_struct('name', concat('customer', pos % 17),
                    'phones', IF(pos % 5 = 0, NULL, array(concat('555-', pos), concat('556-', pos))),
                    'address', named_struct('city', elt(pos % 3 + 1, 'Tokyo', 'Madison', 'San Jose'),
                                            'zip', 10000 + pos)) AS customer,
       array(named_struct('sku', concat('s', pos % 7), 'qty', pos % 4 + 1,
                          'opts', map('color', elt(pos % 2 + 1, 'red', 'blue'))),
             named_struct('sku', concat('s', pos % 11), 'qty', 1, 'opts', map('size', 'L'))) AS items,
       IF(pos % 6 = 0, NULL, map('tags', array('new', concat('t', pos % 3)), 'flags', array(concat('f', pos % 2)))) AS labels,
       create_union(pos % 2, concat('note', pos), named_struct('code', pos % 9, 'msg', concat('m', pos))) AS extra
FROM (SELECT posexplode(split(space(199), ' ')) AS (pos, x)) g;

-- Struct fields, an array element inside a struct, a struct inside a struct.
SELECT id, customer.name, customer.phones[1], customer.address.city, customer.address.zip
FROM orders_nested WHERE id < 40;

-- Whole structs.
SELECT id, customer FROM orders_nested WHERE id % 20 = 7;

-- Orders and items per city.
SELECT customer.address.city, count(*), sum(size(items)) FROM orders_nested GROUP BY customer.address.city;

-- One row per item: an array of structs, each with a map.
SELECT id, item.sku, item.qty, item.opts['color'], item.opts['size']
FROM orders_nested LATERAL VIEW explode(items) i AS item WHERE id % 10 = 3;

-- A map of arrays (keys sorted, since a map's order is not kept).
SELECT id, labels['tags'], labels['flags'], sort_array(map_keys(labels)) FROM orders_nested WHERE id < 30;

-- The union: a string or a struct, by row.
SELECT id, extra FROM orders_nested WHERE id < 12;
