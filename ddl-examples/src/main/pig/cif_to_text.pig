-- Prints a CIF dataset as PigStorage text; the schema comes from the data (no AS clause).
rows = LOAD '$input' USING dev.cif.pig.CifLoader();
STORE rows INTO '$output' USING PigStorage();
