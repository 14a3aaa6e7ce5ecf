-- The paper's crawl job (section 6): the distinct content types of the pages under ibm.com/jp.
-- Over CIF it reads two columns (url, metadata) and, of each metadata map, one key.
pages = LOAD '$input' USING $loader;
jp = FILTER pages BY url matches '.*ibm\\.com/jp.*';
types = FOREACH jp GENERATE metadata#'content-type' AS ctype;
answer = DISTINCT types;
STORE answer INTO '$output' USING PigStorage();
