<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>concord::ui::DocumentListModel</name>
    <message>
        <source>yes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Document %1 (candidates: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judgements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Requirement</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>concord::ui::DocumentView</name>
    <message>
        <source>Re&amp;quirement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Article</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Document %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate summaries (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No document selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidate summaries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>concord::ui::MainWindow</name>
    <message>
        <source>Concord studies (*.concord);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Annotate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Study…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import &amp;SummEval JSONL…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import &amp;Table (JSONL/CSV/TSV)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find Document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next Document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous Document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;System Names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Concord</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter documents (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot read the study</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Concord</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concord</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot show the document</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No study open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Counts unavailable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Documents: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Systems: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Candidates: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Raters: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Judgements: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Study</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the study</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Study</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the study</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import SummEval JSONL</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV, long format (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Judgements</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Concord</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Concord %1&lt;/h3&gt;&lt;p&gt;People and LLM judges evaluate the same machine-written summaries; Concord shows, charts and exports how far they agree.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No recent studies</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open or create a study first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another import or export is still running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Importing %1 files…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import done. Added documents: %1, candidates: %2, ratings: %3.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a study first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export done: %1 (rows: %2).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an unexpected error occurred</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Concord will close when the running job has finished…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>concord::ui::TableImportDialog</name>
    <message>
        <source>Import Table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON Lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV (comma-separated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>TSV (tab-separated)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which column holds each field, as field=column pairs separated by commas.
Fields: doc_id, article, requirement, system, summary; rater, group, dimension, value;
score.NAME for a column of ratings on dimension NAME.
Leave empty to read each field from the column of the same name.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Column &amp;mapping:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tables (*.jsonl *.json *.csv *.tsv *.txt);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a file to import.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Concord: people and LLM judges evaluate summaries, and see how far they agree.
Without STUDY, Concord opens its demo study.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render the main window into the PNG file FILE and exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the view NAME (with --screenshot: the view to render).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The study file (*.concord) to open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>give at most one study file (see --help)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown view &apos;%1&apos;; known views: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot create the demo study: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the study</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
