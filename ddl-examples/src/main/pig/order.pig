-- The ten longest-numbered pages by length, then url: ORDER (a sampling job and a sort job) and LIMIT.
pages = LOAD '$input' USING $loader;
p = FOREACH pages GENERATE url, (int) metadata#'length' AS len;
ordered = ORDER p BY len DESC, url;
top = LIMIT ordered 10;
STORE top INTO '$output' USING PigStorage();
