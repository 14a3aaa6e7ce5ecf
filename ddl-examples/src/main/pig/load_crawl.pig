-- Loads crawl pages from PigStorage text and stores them with $storer: CIF with the metadata map in a
-- dictionary-compressed skip list column (storer=dev.cif.pig.CifStorer('metadata:dcsl')), or Pig's
-- AvroStorage() for comparison.
pages = LOAD '$input' USING PigStorage('\t') AS (url:chararray, metadata:map[chararray], content:chararray);
STORE pages INTO '$output' USING $storer;
