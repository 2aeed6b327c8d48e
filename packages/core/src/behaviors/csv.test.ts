import { describe, expect, it } from "vitest";
import { CsvError, csvRecords } from "./csv.ts";

/** The records read, as JSON, followed by " ERR" when reading then failed. */
function read(text: string, delimiter: string): string {
  const records: string[][] = [];
  try {
    for (const record of csvRecords(text, delimiter)) records.push(record);
    return JSON.stringify(records);
  } catch (error) {
    expect(error).toBeInstanceOf(CsvError);
    return `${JSON.stringify(records)} ERR`;
  }
}

// Every expectation was printed by csv-parse 5.4 (Mountebank's dependency) for the same text and
// delimiter: the records its stream emitted, then " ERR" when it raised an error.
describe("csvRecords", () => {
  it.each<[string, string, string]>([
    ["a,b\n1,2\n", ",", '[["a","b"],["1","2"]]'],
    ["a,b\r\n1,2\r\n3,4", ",", '[["a","b"],["1","2"],["3","4"]]'],
    ["a,b\r1,2\r3,4", ",", '[["a","b"],["1","2"],["3","4"]]'],
    ["a,b\n\n1,2\n", ",", '[["a","b"]] ERR'],
    ['a,b\n1,"x,""y"""\n', ",", '[["a","b"],["1","x,\\"y\\""]]'],
    ['a,b\n1,"multi\nline"\n', ",", '[["a","b"],["1","multi\\nline"]]'],
    ["a,b\n1,2,3\n4,5\n", ",", '[["a","b"]] ERR'],
    ["a,b\n1\n", ",", '[["a","b"]] ERR'],
    ["a;b\n1;2\n", ";", '[["a","b"],["1","2"]]'],
    ["a||b\n1||2\n", "||", '[["a","b"],["1","2"]]'],
    ['a||b\n"1||2"||3\n', "||", '[["a","b"],["1||2","3"]]'],
    ["a||b\n1|2||3\n", "||", '[["a","b"],["1|2","3"]]'],
    ['a,b\n1,x"y\n', ",", '[["a","b"]] ERR'],
    ['a,b\n1,"x"y\n', ",", '[["a","b"]] ERR'],
    ['a,b\n1,"open\n', ",", '[["a","b"]] ERR'],
    [" a , b \n 1 , 2 \n", ",", '[[" a "," b "],[" 1 "," 2 "]]'],
    ["\ufeffa,b\n1,2\n", ",", '[["\ufeffa","b"],["1","2"]]'],
    ["a,b\n1,2\n \n", ",", '[["a","b"],["1","2"]] ERR'],
    ["a,b\n,\n", ",", '[["a","b"],["",""]]'],
    ['a,b\n"1" ,2\n', ",", '[["a","b"]] ERR'],
    ["a,b\n1,2\n\n\n", ",", '[["a","b"],["1","2"]] ERR'],
    ["a,a\n1,2\n", ",", '[["a","a"],["1","2"]]'],
    ['a,b\n"1\r\n2",3\n', ",", '[["a","b"],["1\\r\\n2","3"]]'],
    ["a,b\n1,2\r\n3,4\n", ",", '[["a","b"],["1","2\\r"],["3","4"]]'],
    ["a,b\r\n1,2\n3,4\r\n", ",", '[["a","b"]] ERR'],
    ['a,b\n"",""""\n', ",", '[["a","b"],["","\\""]]'],
    ["a,b\n1\r2,3\n", ",", '[["a","b"],["1\\r2","3"]]'],
    ['a,b\n"x""",2', ",", '[["a","b"],["x\\"","2"]]'],
    ["a,b", ",", '[["a","b"]]'],
    ["", ",", "[]"],
    ["a,b\n1,2", "\t", '[["a,b"],["1,2"]]'],
    ["a\tb\n1\t2", "\t", '[["a","b"],["1","2"]]'],
    ['a,b\n1,""', ",", '[["a","b"],["1",""]]'],
    ["a,b\n1,", ",", '[["a","b"],["1",""]]'],
    ['"a\nb",c\r\n1,2\r\n', ",", '[["a\\nb","c"],["1","2"]]'],
    ['a,b\n1,"2"\r\n', ",", '[["a","b"]] ERR'],
  ])("reads %j (delimiter %j)", (text, delimiter, expected) => {
    expect(read(text, delimiter)).toBe(expected);
  });

  it("refuses an empty delimiter, as csv-parse does", () => {
    expect(read("a,b", "")).toBe("[] ERR");
  });
});
