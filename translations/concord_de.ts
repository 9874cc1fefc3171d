<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name>AppSettings</name>
    <message>
        <source>the settings in %1 were written by a newer Concord (layout %2, this one knows %3); they are left as they are</source>
        <translation>die Einstellungen in %1 stammen von einem neueren Concord (Layout %2, dieses kennt %3); sie bleiben unverändert</translation>
    </message>
    <message>
        <source>cannot write the settings file %1</source>
        <translation>die Einstellungsdatei %1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>give the provider profile a name</source>
        <translation>geben Sie dem Anbieterprofil einen Namen</translation>
    </message>
    <message>
        <source>the base URL holds credentials (a user name, password, key or token); put the key in an environment variable and name that variable instead</source>
        <translation>die Basis-URL enthält Zugangsdaten (Benutzername, Passwort, Schlüssel oder Token); legen Sie den Schlüssel in eine Umgebungsvariable und geben Sie stattdessen deren Namen an</translation>
    </message>
    <message>
        <source>the API key field takes the NAME of an environment variable (e.g. OPENAI_API_KEY), not the key itself</source>
        <translation>das Feld für den API-Schlüssel nimmt den NAMEN einer Umgebungsvariable auf (z. B. OPENAI_API_KEY), nicht den Schlüssel selbst</translation>
    </message>
</context>
<context>
    <name>ColourScheme</name>
    <message>
        <source>&amp;Colour Scheme</source>
        <translation>&amp;Farbschema</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
</context>
<context>
    <name>concord::ui::AgreementView</name>
    <message>
        <source>undefined</source>
        <translation>undefiniert</translation>
    </message>
    <message>
        <source>Pearson r</source>
        <translation>Pearson r</translation>
    </message>
    <message>
        <source>Spearman ρ</source>
        <translation>Spearman ρ</translation>
    </message>
    <message>
        <source>Kendall τb</source>
        <translation>Kendall τb</translation>
    </message>
    <message>
        <source>Kendall τc</source>
        <translation>Kendall τc</translation>
    </message>
    <message>
        <source>Pairwise accuracy</source>
        <translation>Paarweise Genauigkeit</translation>
    </message>
    <message>
        <source>Tie-calibrated accuracy (acc_eq)</source>
        <translation>Gleichstandskalibrierte Genauigkeit (acc_eq)</translation>
    </message>
    <message>
        <source>Soft pairwise accuracy (SPA)</source>
        <translation>Weiche paarweise Genauigkeit (SPA)</translation>
    </message>
    <message>
        <source>, tie threshold ε = %1</source>
        <translation>, Gleichstandsschwelle ε = %1</translation>
    </message>
    <message>
        <source>dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>system</source>
        <translation>System</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>per system</source>
        <translation>pro System</translation>
    </message>
    <message>
        <source>meta</source>
        <translation>Meta</translation>
    </message>
    <message>
        <source>, 95% CI [%1, %2]</source>
        <translation>, 95-%-Konfidenzintervall [%1, %2]</translation>
    </message>
    <message>
        <source>Bootstrap CIs (1,000 resamples)</source>
        <translation>Bootstrap-Konfidenzintervalle (1.000 Ziehungen)</translation>
    </message>
    <message>
        <source>Correlations</source>
        <translation>Korrelationen</translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation>Bewerter:</translation>
    </message>
    <message>
        <source>Dimension:</source>
        <translation>Dimension:</translation>
    </message>
    <message>
        <source>Human vs judge</source>
        <translation>Mensch vs. Bewerter</translation>
    </message>
    <message>
        <source>Per system &amp;&amp; meta</source>
        <translation>Pro System &amp;&amp; Meta</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α</source>
        <translation>Krippendorffs α</translation>
    </message>
    <message>
        <source>Pairwise &amp;&amp; bias</source>
        <translation>Paarweise &amp;&amp; Verzerrung</translation>
    </message>
    <message>
        <source>Invalid answers</source>
        <translation>Ungültige Antworten</translation>
    </message>
    <message>
        <source>Judges: all</source>
        <translation>Bewerter: alle</translation>
    </message>
    <message>
        <source>Humans:</source>
        <translation>Menschen:</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>Ebene:</translation>
    </message>
    <message>
        <source>Coefficient:</source>
        <translation>Koeffizient:</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>Cannot compute: %1</source>
        <translation>Berechnung nicht möglich: %1</translation>
    </message>
    <message>
        <source>No judge in the study yet: import judgements or run a judge.</source>
        <translation>Die Studie hat noch keinen Bewerter: Importieren Sie Urteile oder führen Sie einen Bewerter aus.</translation>
    </message>
    <message>
        <source>Left out: %1</source>
        <translation>Ausgelassen: %1</translation>
    </message>
    <message>
        <source>Judges: all (%1)</source>
        <translation>Bewerter: alle (%1)</translation>
    </message>
    <message>
        <source>Judges: %1</source>
        <translation>Bewerter: %1</translation>
    </message>
    <message>
        <source>Correlation with the humans</source>
        <translation>Korrelation mit den Menschen</translation>
    </message>
    <message>
        <source>No study data.</source>
        <translation>Keine Studiendaten.</translation>
    </message>
    <message>
        <source>%1, %2: %3 = %4 (p = %5, n = %6)%7</source>
        <translation>%1, %2: %3 = %4 (p = %5, n = %6)%7</translation>
    </message>
    <message>
        <source>Human ceiling on %1: mean %2 of %3 humans each against the others (min %4, max %5)</source>
        <translation>Menschliche Obergrenze für %1: Mittelwert %2 aus %3 Menschen, jeder gegen die übrigen (Min. %4, Max. %5)</translation>
    </message>
    <message>
        <source>%1 with the %2 mean, %3 level</source>
        <translation>%1 mit dem Mittelwert von %2, Ebene %3</translation>
    </message>
    <message>
        <source>Human ceiling (range: dotted)</source>
        <translation>Menschliche Obergrenze (Spanne: gepunktet)</translation>
    </message>
    <message>
        <source>human vs others</source>
        <translation>Mensch vs. übrige</translation>
    </message>
    <message>
        <source>judge</source>
        <translation>Bewerter</translation>
    </message>
    <message>
        <source>Rater</source>
        <translation>Rater</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>Dimension</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>CI low</source>
        <translation>Konfidenzintervall unten</translation>
    </message>
    <message>
        <source>CI high</source>
        <translation>Konfidenzintervall oben</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Documents used</source>
        <translation>Verwendete Dokumente</translation>
    </message>
    <message>
        <source>Coefficient</source>
        <translation>Koeffizient</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rolle</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>Bewerter</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>Slope</source>
        <translation>Steigung</translation>
    </message>
    <message>
        <source>Intercept</source>
        <translation>Achsenabschnitt</translation>
    </message>
    <message>
        <source>Human mean vs judge</source>
        <translation>Menschlicher Mittelwert vs. Bewerter</translation>
    </message>
    <message>
        <source>No judge has rated a Likert dimension yet: run a Likert judge in the Judges view, or import its ratings (File menu).</source>
        <translation>Noch hat kein Bewerter eine Likert-Dimension bewertet: Führen Sie in der Ansicht „Bewerter“ einen Likert-Bewerter aus oder importieren Sie seine Bewertungen (Menü Datei).</translation>
    </message>
    <message>
        <source>%1 on %2: judge against the %3 mean (r = %4, n = %5)</source>
        <translation>%1 zu %2: Bewerter gegen den Mittelwert von %3 (r = %4, n = %5)</translation>
    </message>
    <message>
        <source>%1 mean</source>
        <translation>Mittelwert von %1</translation>
    </message>
    <message>
        <source>Candidates (jittered)</source>
        <translation>Zusammenfassungen (mit Jitter)</translation>
    </message>
    <message>
        <source>%1 / %2: humans %3, judge %4</source>
        <translation>%1 / %2: Menschen %3, Bewerter %4</translation>
    </message>
    <message>
        <source>Judge = humans</source>
        <translation>Bewerter = Menschen</translation>
    </message>
    <message>
        <source>Least squares: %1 + %2·x</source>
        <translation>Kleinste Quadrate: %1 + %2·x</translation>
    </message>
    <message>
        <source>judge = %1 + %2 × humans</source>
        <translation>Bewerter = %1 + %2 × Menschen</translation>
    </message>
    <message>
        <source>Per-system correlation</source>
        <translation>Korrelation pro System</translation>
    </message>
    <message>
        <source>No judge ratings yet: run a judge in the Judges view, or import its ratings (File menu).</source>
        <translation>Noch keine Bewertungen eines Bewerters: Führen Sie in der Ansicht „Bewerter“ einen Bewerter aus oder importieren Sie seine Bewertungen (Menü Datei).</translation>
    </message>
    <message>
        <source>Meta-correlation</source>
        <translation>Meta-Korrelation</translation>
    </message>
    <message>
        <source>%1 on %2, system %3: %4 = %5 (n = %6)%7, Q = %8</source>
        <translation>%1 zu %2, System %3: %4 = %5 (n = %6)%7, Q = %8</translation>
    </message>
    <message>
        <source>M = corr(Q, P)</source>
        <translation>M = corr(Q, P)</translation>
    </message>
    <message>
        <source>Q (human mean)</source>
        <translation>Q (menschlicher Mittelwert)</translation>
    </message>
    <message>
        <source>P (correlation)</source>
        <translation>P (Korrelation)</translation>
    </message>
    <message>
        <source>%1 per system on %2</source>
        <translation>%1 pro System zu %2</translation>
    </message>
    <message>
        <source>Not computed.</source>
        <translation>Nicht berechnet.</translation>
    </message>
    <message>
        <source>Meta-correlation on %1: M = %2 (p = %3)</source>
        <translation>Meta-Korrelation zu %1: M = %2 (p = %3)</translation>
    </message>
    <message>
        <source>Q: the %1 mean of the system</source>
        <translation>Q: der Mittelwert von %1 für das System</translation>
    </message>
    <message>
        <source>P: %1 of the system</source>
        <translation>P: %1 des Systems</translation>
    </message>
    <message>
        <source>Systems</source>
        <translation>Systeme</translation>
    </message>
    <message>
        <source>%1: Q = %2, P = %3</source>
        <translation>%1: Q = %2, P = %3</translation>
    </message>
    <message>
        <source>Least squares line</source>
        <translation>Ausgleichsgerade</translation>
    </message>
    <message>
        <source>%1 + %2</source>
        <translation>%1 + %2</translation>
    </message>
    <message>
        <source>%1 on %2: α = %3 (%4, %5 coders, %6 units)%7</source>
        <translation>%1 zu %2: α = %3 (%4, %5 Kodierer, %6 Einheiten)%7</translation>
    </message>
    <message>
        <source>nominal</source>
        <translation>nominal</translation>
    </message>
    <message>
        <source>ordinal</source>
        <translation>ordinal</translation>
    </message>
    <message>
        <source>interval</source>
        <translation>Intervall</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>Verhältnis</translation>
    </message>
    <message>
        <source>Each dimension&apos;s own (ordinal for Likert and rank)</source>
        <translation>Das der jeweiligen Dimension (ordinal bei Likert und Rangfolge)</translation>
    </message>
    <message>
        <source>The level of measurement of Krippendorff&apos;s α; File &gt; Export &gt; Statistics Table uses the same.</source>
        <translation>Das Skalenniveau von Krippendorffs α; Datei &gt; Exportieren &gt; Statistiktabelle verwendet dasselbe.</translation>
    </message>
    <message>
        <source>Level of measurement:</source>
        <translation>Skalenniveau:</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>Gruppe</translation>
    </message>
    <message>
        <source>With judge</source>
        <translation>Mit Bewerter</translation>
    </message>
    <message>
        <source>α</source>
        <translation>α</translation>
    </message>
    <message>
        <source>Coders</source>
        <translation>Kodierer</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>Einheiten</translation>
    </message>
    <message>
        <source>Pairable values</source>
        <translation>Paarbare Werte</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α (%1) per dimension: each group, and with a judge as one more coder</source>
        <translation>Krippendorffs α (%1) pro Dimension: jede Gruppe, und mit einem Bewerter als weiterem Kodierer</translation>
    </message>
    <message>
        <source>Verdicts</source>
        <translation>Entscheidungen</translation>
    </message>
    <message>
        <source>H2H success (all pairs)</source>
        <translation>H2H-Erfolg (alle Paare)</translation>
    </message>
    <message>
        <source>H2H success (consecutive)</source>
        <translation>H2H-Erfolg (benachbarte)</translation>
    </message>
    <message>
        <source>LLMCompare τb vs humans</source>
        <translation>LLMCompare τb vs. Menschen</translation>
    </message>
    <message>
        <source>Flip rate (order swapped)</source>
        <translation>Umkehrrate (Reihenfolge getauscht)</translation>
    </message>
    <message>
        <source>First shown wins</source>
        <translation>Zuerst Gezeigtes gewinnt</translation>
    </message>
    <message>
        <source>System pairs of:</source>
        <translation>Systempaare von:</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 zu %2</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>neither</source>
        <translation>keines</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>System A</source>
        <translation>System A</translation>
    </message>
    <message>
        <source>System B</source>
        <translation>System B</translation>
    </message>
    <message>
        <source>Judge: A won</source>
        <translation>Bewerter: A gewann</translation>
    </message>
    <message>
        <source>Judge: tied</source>
        <translation>Bewerter: Gleichstand</translation>
    </message>
    <message>
        <source>Judge: B won</source>
        <translation>Bewerter: B gewann</translation>
    </message>
    <message>
        <source>Judge prefers</source>
        <translation>Bewerter bevorzugt</translation>
    </message>
    <message>
        <source>Humans: A won</source>
        <translation>Menschen: A gewann</translation>
    </message>
    <message>
        <source>Humans: tied</source>
        <translation>Menschen: Gleichstand</translation>
    </message>
    <message>
        <source>Humans: B won</source>
        <translation>Menschen: B gewann</translation>
    </message>
    <message>
        <source>Humans prefer</source>
        <translation>Menschen bevorzugen</translation>
    </message>
    <message>
        <source>Agree</source>
        <translation>Übereinstimmung</translation>
    </message>
    <message>
        <source>Pairwise verdicts</source>
        <translation>Paarweise Entscheidungen</translation>
    </message>
    <message>
        <source>No pairwise verdicts yet: run or import an h2h, pairwise or llmcompare judge (Judges view).</source>
        <translation>Noch keine paarweisen Entscheidungen: Führen Sie einen h2h-, pairwise- oder llmcompare-Bewerter aus oder importieren Sie seine Entscheidungen (Ansicht „Bewerter“).</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Gewonnen</translation>
    </message>
    <message>
        <source>Tied</source>
        <translation>Gleichstand</translation>
    </message>
    <message>
        <source>Lost</source>
        <translation>Verloren</translation>
    </message>
    <message>
        <source>Comparisons</source>
        <translation>Vergleiche</translation>
    </message>
    <message>
        <source>%1, %2: %3</source>
        <translation>%1, %2: %3</translation>
    </message>
    <message>
        <source>τb judge × length</source>
        <translation>τb Bewerter × Länge</translation>
    </message>
    <message>
        <source>τb humans × length</source>
        <translation>τb Menschen × Länge</translation>
    </message>
    <message>
        <source>Pair accuracy (all)</source>
        <translation>Paargenauigkeit (alle)</translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation>Paare</translation>
    </message>
    <message>
        <source>Pair accuracy (similar length)</source>
        <translation>Paargenauigkeit (ähnliche Länge)</translation>
    </message>
    <message>
        <source>Length cutoff (words)</source>
        <translation>Längengrenze (Wörter)</translation>
    </message>
    <message>
        <source>Length bias</source>
        <translation>Längenverzerrung</translation>
    </message>
    <message>
        <source>humans</source>
        <translation>Menschen</translation>
    </message>
    <message>
        <source>%1 on %2: τb with length %3 (n = %4)</source>
        <translation>%1 zu %2: τb mit der Länge %3 (n = %4)</translation>
    </message>
    <message>
        <source>humans on %1: τb with length %2</source>
        <translation>Menschen zu %1: τb mit der Länge %2</translation>
    </message>
    <message>
        <source>Length bias: Kendall τb of scores with summary length (words)</source>
        <translation>Längenverzerrung: Kendall τb der Werte mit der Länge der Zusammenfassung (Wörter)</translation>
    </message>
    <message>
        <source>τb</source>
        <translation>τb</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Protocol</source>
        <translation>Protokoll</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Invalid</source>
        <translation>Ungültig</translation>
    </message>
    <message>
        <source>Invalid rate</source>
        <translation>Ungültig-Anteil</translation>
    </message>
    <message>
        <source>No judge calls yet: run a judge in the Judges view; its invalid answers are counted here.</source>
        <translation>Noch keine Bewerter-Aufrufe: Führen Sie in der Ansicht „Bewerter“ einen Bewerter aus; seine ungültigen Antworten werden hier gezählt.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 on %2: %3 of %4 answers invalid (%5%)</source>
        <translation>%1 zu %2: %3 von %4 Antworten ungültig (%5 %)</translation>
    </message>
    <message>
        <source>Invalid answers per judge, protocol and dimension</source>
        <translation>Ungültige Antworten pro Bewerter, Protokoll und Dimension</translation>
    </message>
    <message>
        <source>agree-or-tie: a win needs both orders</source>
        <translation>agree-or-tie: ein Sieg braucht beide Reihenfolgen</translation>
    </message>
    <message>
        <source>points: each order counts half a document</source>
        <translation>points: jede Reihenfolge zählt ein halbes Dokument</translation>
    </message>
    <message>
        <source>How a head-to-head comparison judged in both orders counts: agree-or-tie gives the document to a summary only when both orders choose it (Shen et al.&apos;s paper); points gives each order half the document, a win 1 and a tie 0.5 (their released scripts).</source>
        <translation>Wie ein in beiden Reihenfolgen bewerteter H2H-Vergleich zählt: agree-or-tie gibt das Dokument einer Zusammenfassung nur, wenn beide Reihenfolgen sie wählen (der Artikel von Shen et al.); points gibt jeder Reihenfolge ein halbes Dokument, ein Sieg 1 und ein Gleichstand 0,5 (ihre veröffentlichten Skripte).</translation>
    </message>
    <message>
        <source>Head-to-head rule:</source>
        <translation>H2H-Regel:</translation>
    </message>
    <message>
        <source>%1 on %2: documents won, tied and lost per system (rule %3, H2H success %4)</source>
        <translation>%1 zu %2: Dokumente mit Sieg, Gleichstand und Niederlage pro System (Regel %3, H2H-Erfolg %4)</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <source>per-system</source>
        <translation>pro System</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>Alle Dokumente</translation>
    </message>
    <message>
        <source>Dev split</source>
        <translation>Entwicklungsteil (dev)</translation>
    </message>
    <message>
        <source>Test split</source>
        <translation>Testteil (test)</translation>
    </message>
    <message>
        <source>Documents:</source>
        <translation>Dokumente:</translation>
    </message>
    <message>
        <source>Only the documents of one side of the held-out split (concord-cli split makes it); the invalid answers are counted over every call.</source>
        <translation>Nur die Dokumente einer Seite der zurückgehaltenen Aufteilung (concord-cli split erstellt sie); die ungültigen Antworten werden über alle Aufrufe gezählt.</translation>
    </message>
</context>
<context>
    <name>concord::ui::AnnotateWorkspace</name>
    <message>
        <source>Every document assigned to you is finished.</source>
        <translation>Jedes Ihnen zugewiesene Dokument ist fertig.</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>Choose &amp;Annotator…</source>
        <translation>&amp;Annotator wählen…</translation>
    </message>
    <message>
        <source>Next &amp;Unfinished Document</source>
        <translation>Nächstes &amp;unfertiges Dokument</translation>
    </message>
    <message>
        <source>&amp;Find in Article…</source>
        <translation>Im Artikel &amp;suchen…</translation>
    </message>
    <message>
        <source>&amp;Mark Selection as Factual Error</source>
        <translation>Auswahl als &amp;Faktenfehler markieren</translation>
    </message>
    <message>
        <source>Select the wrong words in a summary first.</source>
        <translation>Markieren Sie zuerst die falschen Wörter in einer Zusammenfassung.</translation>
    </message>
    <message>
        <source>Export Annotator &amp;Package…</source>
        <translation>Annotator-&amp;Paket exportieren…</translation>
    </message>
    <message>
        <source>&amp;Merge Annotations…</source>
        <translation>Annotationen zusa&amp;mmenführen…</translation>
    </message>
    <message>
        <source>&amp;Go to Document…</source>
        <translation>Zu Dokument &amp;gehen…</translation>
    </message>
    <message>
        <source>&amp;Next Document</source>
        <translation>&amp;Nächstes Dokument</translation>
    </message>
    <message>
        <source>&amp;Previous Document</source>
        <translation>&amp;Vorheriges Dokument</translation>
    </message>
    <message>
        <source>Reveal &amp;System Names (Adjudication)</source>
        <translation>&amp;Systemnamen aufdecken (Schlichtung)</translation>
    </message>
    <message>
        <source>The change was not saved</source>
        <translation>Die Änderung wurde nicht gespeichert</translation>
    </message>
    <message>
        <source>Go to document (Ctrl+G)</source>
        <translation>Zu Dokument gehen (Strg+G)</translation>
    </message>
    <message>
        <source>Guidelines</source>
        <translation>Richtlinien</translation>
    </message>
    <message>
        <source>&amp;Guidelines</source>
        <translation>&amp;Richtlinien</translation>
    </message>
    <message>
        <source>Cannot read the study</source>
        <translation>Die Studie kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>Cannot read what the study asks</source>
        <translation>Die Vorgaben der Studie können nicht gelesen werden</translation>
    </message>
    <message>
        <source>Cannot show the document</source>
        <translation>Das Dokument kann nicht angezeigt werden</translation>
    </message>
    <message>
        <source>Cannot annotate under that name</source>
        <translation>Unter diesem Namen kann nicht annotiert werden</translation>
    </message>
    <message>
        <source>A reviewer&apos;s login chooses no annotator: nothing is annotated or opened for it here. Review the team&apos;s work in the Review view (Ctrl+5).</source>
        <translation>Eine Prüfer-Anmeldung wählt keinen Annotator: Für sie wird hier nichts annotiert oder geöffnet. Prüfen Sie die Arbeit des Teams in der Ansicht Prüfung (Strg+5).</translation>
    </message>
    <message>
        <source>Reviewer: nothing to annotate here, review in the Review view (Ctrl+5)</source>
        <translation>Prüfer: hier nichts zu annotieren, prüfen Sie in der Ansicht Prüfung (Strg+5)</translation>
    </message>
    <message>
        <source>No annotator (Ctrl+Shift+A)</source>
        <translation>Kein Annotator (Strg+Umschalt+A)</translation>
    </message>
    <message>
        <source>%1: %2 of %3 documents finished</source>
        <translation>%1: %2 von %3 Dokumenten fertig</translation>
    </message>
    <message>
        <source>A document your label plan asks for (%1 in the plan still to label).</source>
        <translation>Ein Dokument, nach dem Ihr Beschriftungsplan fragt (%1 im Plan noch zu beschriften).</translation>
    </message>
    <message>
        <source>Every document is finished.</source>
        <translation>Alle Dokumente sind fertig.</translation>
    </message>
    <message>
        <source>Export Annotator Package</source>
        <translation>Annotator-Paket exportieren</translation>
    </message>
    <message>
        <source>Annotator:</source>
        <translation>Annotator:</translation>
    </message>
    <message>
        <source>Concord studies (*.concord)</source>
        <translation>Concord-Studien (*.concord)</translation>
    </message>
    <message>
        <source>Merge Annotations</source>
        <translation>Annotationen zusammenführen</translation>
    </message>
    <message>
        <source>Cannot open the document</source>
        <translation>Das Dokument kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Refused &amp;Edits…</source>
        <translation>Abgelehnte &amp;Änderungen…</translation>
    </message>
    <message>
        <source>The edits the team study&apos;s server refused, with its reasons: enter them again or drop them.</source>
        <translation>Die Änderungen, die der Server der Teamstudie abgelehnt hat, mit seinen Gründen: erneut eingeben oder verwerfen.</translation>
    </message>
    <message>
        <source>Cannot read the refused edits</source>
        <translation>Die abgelehnten Änderungen können nicht gelesen werden</translation>
    </message>
    <message>
        <source>Cannot show that annotator&apos;s work</source>
        <translation>Die Arbeit dieses Annotators kann nicht angezeigt werden</translation>
    </message>
</context>
<context>
    <name>concord::ui::AnnotationEditor</name>
    <message>
        <source>Rate %1</source>
        <translation>Mit %1 bewerten</translation>
    </message>
    <message>
        <source>Clear Rating</source>
        <translation>Bewertung löschen</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rangfolge festlegen</translation>
    </message>
    <message>
        <source>Mark Factual Error</source>
        <translation>Faktenfehler markieren</translation>
    </message>
    <message>
        <source>Delete Factual Error</source>
        <translation>Faktenfehler löschen</translation>
    </message>
    <message>
        <source>Edit Note</source>
        <translation>Notiz bearbeiten</translation>
    </message>
    <message>
        <source>Type Explanation</source>
        <translation>Begründung eingeben</translation>
    </message>
    <message>
        <source>Mark Unit</source>
        <translation>Einheit markieren</translation>
    </message>
</context>
<context>
    <name>concord::ui::AnnotationView</name>
    <message>
        <source>Summary %1</source>
        <translation>Zusammenfassung %1</translation>
    </message>
    <message>
        <source>No study is open.</source>
        <translation>Keine Studie geöffnet.</translation>
    </message>
    <message>
        <source>Choose who is annotating (Annotate &gt; Choose Annotator…, Ctrl+Shift+A) to start; until then the summaries are read-only.</source>
        <translation>Wählen Sie zuerst, wer annotiert (Annotieren &gt; Annotator wählen…, Strg+Umschalt+A); bis dahin sind die Zusammenfassungen schreibgeschützt.</translation>
    </message>
    <message>
        <source>Annotating as %1. Every answer is saved at once.</source>
        <translation>Sie annotieren als %1. Jede Antwort wird sofort gespeichert.</translation>
    </message>
    <message>
        <source>Explain your judgement of this document:</source>
        <translation>Begründen Sie Ihr Urteil zu diesem Dokument:</translation>
    </message>
    <message>
        <source>The team study&apos;s server is away: other documents open again once it is back. Annotating goes on in the document shown.</source>
        <translation>Der Server der Teamstudie ist nicht erreichbar: Andere Dokumente lassen sich wieder öffnen, sobald er zurück ist. Im angezeigten Dokument können Sie weiter annotieren.</translation>
    </message>
    <message>
        <source>The server is away: answers wait on this computer and are sent once it is back; other documents open again then.</source>
        <translation>Der Server ist nicht erreichbar: Antworten warten auf diesem Computer und werden gesendet, sobald er zurück ist; andere Dokumente lassen sich dann wieder öffnen.</translation>
    </message>
    <message>
        <source>Opening the next document…</source>
        <translation>Das nächste Dokument wird geöffnet…</translation>
    </message>
    <message>
        <source>Showing the work of %1, read only: it follows what they commit. Choose yourself as the annotator (Ctrl+Shift+A) to annotate.</source>
        <translation>Die Arbeit von %1 wird nur zum Lesen angezeigt: Sie folgt dem, was %1 speichert. Wählen Sie sich selbst als Annotator (Strg+Umschalt+A), um zu annotieren.</translation>
    </message>
    <message>
        <source>Sent to you by %1 for another look: %2</source>
        <translation>Von %1 an Sie zur erneuten Durchsicht geschickt: %2</translation>
    </message>
    <message>
        <source>Returned by %1: %2</source>
        <translation>Von %1 zurückgegeben: %2</translation>
    </message>
    <message>
        <source>Accepted by %1.</source>
        <translation>Von %1 angenommen.</translation>
    </message>
    <message>
        <source>Adjudicated by %1.</source>
        <translation>Von %1 entschieden.</translation>
    </message>
    <message>
        <source>A reviewer&apos;s login does not annotate, and no document is opened here. Review the team&apos;s work in the Review view (Ctrl+5).</source>
        <translation>Eine Prüfer-Anmeldung annotiert nicht, und hier wird kein Dokument geöffnet. Prüfen Sie die Arbeit des Teams in der Ansicht Prüfung (Strg+5).</translation>
    </message>
</context>
<context>
    <name>concord::ui::AnnotatorDialog</name>
    <message>
        <source>Annotator</source>
        <translation>Annotator</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;One of the study's raters:</source>
        <translation>&amp;Einer der Rater der Studie:</translation>
    </message>
    <message>
        <source>A ne&amp;w rater:</source>
        <translation>Ein neuer &amp;Rater:</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Your judgements are saved under this rater.</source>
        <translation>Ihre Urteile werden unter diesem Rater gespeichert.</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>&amp;Gruppe:</translation>
    </message>
    <message>
        <source>e.g. expert or crowd</source>
        <translation>z. B. expert oder crowd</translation>
    </message>
    <message>
        <source>The study already has a rater named %1: choose it above or give the new rater another name.</source>
        <translation>Die Studie hat bereits einen Rater namens %1: Wählen Sie ihn oben aus oder geben Sie dem neuen Rater einen anderen Namen.</translation>
    </message>
    <message>
        <source>Choose one of the study&apos;s raters (%1)</source>
        <translation>Wählen Sie einen der Rater der Studie (%1)</translation>
    </message>
</context>
<context>
    <name>concord::ui::ArticlePane</name>
    <message>
        <source>Summary requirement</source>
        <translation>Anforderung an die Zusammenfassung</translation>
    </message>
    <message>
        <source>Article</source>
        <translation>Artikel</translation>
    </message>
    <message>
        <source>Find in the article (Enter: next, Shift+Enter: previous, Esc: close)</source>
        <translation>Im Artikel suchen (Eingabe: nächster, Umschalt+Eingabe: vorheriger, Esc: schließen)</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Zurück</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Weiter</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>No document</source>
        <translation>Kein Dokument</translation>
    </message>
    <message>
        <source>%1 found</source>
        <translation>%1 gefunden</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>Nicht gefunden</translation>
    </message>
</context>
<context>
    <name>concord::ui::AssignDialog</name>
    <message>
        <source>Assign Documents</source>
        <translation>Dokumente zuweisen</translation>
    </message>
    <message>
        <source>Each document goes to as many of the chosen annotators as asked, the overlap their agreement is measured on; a share of the documents goes to all of them. Assigning again replaces the assignment but keeps work done: a document someone has judged stays theirs.</source>
        <translation>Jedes Dokument geht an so viele der gewählten Annotatoren wie angegeben, die Überlappung, an der ihre Übereinstimmung gemessen wird; ein Anteil der Dokumente geht an alle. Erneutes Zuweisen ersetzt die Zuweisung, behält aber geleistete Arbeit: Ein Dokument, zu dem jemand schon Urteile abgegeben hat, bleibt bei dieser Person.</translation>
    </message>
    <message>
        <source>How many annotators annotate each document.</source>
        <translation>Wie viele Annotatoren jedes Dokument annotieren.</translation>
    </message>
    <message>
        <source>The share of the documents every chosen annotator annotates: a calibration set.</source>
        <translation>Der Anteil der Dokumente, den jeder gewählte Annotator annotiert: ein Kalibrierungssatz.</translation>
    </message>
    <message>
        <source>The same seed, annotators and documents give the same assignment.</source>
        <translation>Derselbe Startwert, dieselben Annotatoren und Dokumente ergeben dieselbe Zuweisung.</translation>
    </message>
    <message>
        <source>Every group</source>
        <translation>Alle Gruppen</translation>
    </message>
    <message>
        <source>Space checks or unchecks the annotator chosen.</source>
        <translation>Die Leertaste hakt den gewählten Annotator an oder ab.</translation>
    </message>
    <message>
        <source>Per &amp;document:</source>
        <translation>Pro &amp;Dokument:</translation>
    </message>
    <message>
        <source>&amp;Calibration share:</source>
        <translation>&amp;Kalibrierungsanteil:</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>S&amp;tartwert:</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>&amp;Gruppe:</translation>
    </message>
    <message>
        <source>A&amp;nnotators:</source>
        <translation>A&amp;nnotatoren:</translation>
    </message>
    <message>
        <source>S&amp;tored assignment:</source>
        <translation>Gespeic&amp;herte Zuweisung:</translation>
    </message>
    <message>
        <source>The width of the bootstrap interval of Krippendorff&apos;s α to aim for.</source>
        <translation>Die angestrebte Breite des Bootstrap-Intervalls von Krippendorffs α.</translation>
    </message>
    <message>
        <source>Pilot gro&amp;up:</source>
        <translation>P&amp;ilotgruppe:</translation>
    </message>
    <message>
        <source>Di&amp;mension:</source>
        <translation>Di&amp;mension:</translation>
    </message>
    <message>
        <source>Interval &amp;width:</source>
        <translation>Intervall&amp;breite:</translation>
    </message>
    <message>
        <source>Reading the study…</source>
        <translation>Die Studie wird gelesen…</translation>
    </message>
    <message>
        <source>&amp;Assign</source>
        <translation>&amp;Zuweisen</translation>
    </message>
    <message>
        <source>Cannot read the study: %1</source>
        <translation>Die Studie kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Group: %1</source>
        <translation>Gruppe: %1</translation>
    </message>
    <message>
        <source>Check at least one annotator to assign documents to.</source>
        <translation>Haken Sie mindestens einen Annotator an, dem Dokumente zugewiesen werden sollen.</translation>
    </message>
    <message>
        <source>Assigning…</source>
        <translation>Wird zugewiesen…</translation>
    </message>
    <message>
        <source>No estimate of the overlap: it needs a group of people and a rating dimension.</source>
        <translation>Keine Schätzung der Überlappung: Sie braucht eine Gruppe von Personen und eine Bewertungsdimension.</translation>
    </message>
    <message>
        <source>Estimating the overlap…</source>
        <translation>Die Überlappung wird geschätzt…</translation>
    </message>
    <message>
        <source>No estimate of the overlap: %1</source>
        <translation>Keine Schätzung der Überlappung: %1</translation>
    </message>
    <message>
        <source>Not enough pilot data: no summary is rated on %1 by two or more people of group %2 yet.</source>
        <translation>Zu wenige Pilotdaten: Noch keine Zusammenfassung ist auf %1 von zwei oder mehr Personen der Gruppe %2 bewertet.</translation>
    </message>
    <message>
        <source>About %1 documents given to two or more annotators give α on %2 an interval %3 wide (pilot: %4 such documents).</source>
        <translation>Etwa %1 Dokumente, die zwei oder mehr Annotatoren erhalten, geben α auf %2 ein Intervall der Breite %3 (Pilot: %4 solche Dokumente).</translation>
    </message>
    <message>
        <source>Not enough pilot data for an estimate: %1</source>
        <translation>Zu wenige Pilotdaten für eine Schätzung: %1</translation>
    </message>
</context>
<context>
    <name>concord::ui::AssignmentModel</name>
    <message>
        <source>Nothing is assigned: every annotator may annotate every document.</source>
        <translation>Nichts ist zugewiesen: Jeder Annotator darf jedes Dokument annotieren.</translation>
    </message>
    <message>
        <source>Documents by annotators each: %1. Calibration set: %2 of %3 documents.</source>
        <translation>Dokumente nach Zahl ihrer Annotatoren: %1. Kalibrierungssatz: %2 von %3 Dokumenten.</translation>
    </message>
    <message>
        <source>Annotator</source>
        <translation>Annotator</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation>Kalibrierung</translation>
    </message>
    <message>
        <source>Kept</source>
        <translation>Behalten</translation>
    </message>
</context>
<context>
    <name>concord::ui::BackgroundJob</name>
    <message>
        <source>an unexpected error occurred</source>
        <translation>ein unerwarteter Fehler ist aufgetreten</translation>
    </message>
</context>
<context>
    <name>concord::ui::CandidateCard</name>
    <message>
        <source>Mark Factual Error</source>
        <translation>Faktenfehler markieren</translation>
    </message>
    <message>
        <source>Select the wrong words in the summary, then press E</source>
        <translation>Markieren Sie die falschen Wörter in der Zusammenfassung und drücken Sie E</translation>
    </message>
    <message>
        <source>F2 edits the note; Delete removes the marked error</source>
        <translation>F2 bearbeitet die Notiz; Entf entfernt den markierten Fehler</translation>
    </message>
    <message>
        <source>Delete Factual Error</source>
        <translation>Faktenfehler löschen</translation>
    </message>
    <message>
        <source>Delete Error (Del)</source>
        <translation>Fehler löschen (Entf)</translation>
    </message>
    <message>
        <source>Deletes the error picked in the list; in the list, Delete removes the error under its focus frame</source>
        <translation>Löscht den in der Liste gewählten Fehler; in der Liste entfernt Entf den Fehler unter dem Fokusrahmen</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Content units: is each one in this summary? Y or 1: present, N or 0: absent (each goes on to the next unit); Delete: not answered.</source>
        <translation>Inhaltseinheiten: Ist jede in dieser Zusammenfassung? Y oder 1: vorhanden, N oder 0: fehlt (danach jeweils weiter zur nächsten Einheit); Entf: nicht beantwortet.</translation>
    </message>
    <message>
        <source>Y or 1: present, N or 0: absent, each going on to the next unit; Space or a click switches between present and absent; Delete: not answered</source>
        <translation>Y oder 1: vorhanden, N oder 0: fehlt, danach jeweils weiter zur nächsten Einheit; Leertaste oder Klick wechselt zwischen vorhanden und fehlt; Entf: nicht beantwortet</translation>
    </message>
</context>
<context>
    <name>concord::ui::ChartExporter</name>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG-Bild (*.png);;SVG-Grafik (*.svg);;PDF-Dokument (*.pdf)</translation>
    </message>
    <message>
        <source>cannot tell the figure format of %1: use .png, .svg or .pdf</source>
        <translation>das Grafikformat von %1 ist nicht erkennbar: Verwenden Sie .png, .svg oder .pdf</translation>
    </message>
    <message>
        <source>there is no chart to export</source>
        <translation>es gibt kein Diagramm zum Exportieren</translation>
    </message>
    <message>
        <source>the chart has no size yet: show it first</source>
        <translation>das Diagramm hat noch keine Größe: Zeigen Sie es zuerst an</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>%1 kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>cannot encode the PNG image %1</source>
        <translation>das PNG-Bild %1 kann nicht kodiert werden</translation>
    </message>
    <message>
        <source>Exported from Concord</source>
        <translation>Aus Concord exportiert</translation>
    </message>
    <message>
        <source>cannot start the SVG drawing %1</source>
        <translation>die SVG-Grafik %1 kann nicht begonnen werden</translation>
    </message>
    <message>
        <source>cannot start the PDF document %1</source>
        <translation>das PDF-Dokument %1 kann nicht begonnen werden</translation>
    </message>
</context>
<context>
    <name>concord::ui::DisagreementModel</name>
    <message>
        <source>mean of %1 ratings: %2</source>
        <translation>Mittelwert aus %1 Bewertungen: %2</translation>
    </message>
    <message>
        <source>Distance</source>
        <translation>Abstand</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>Bewerter</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>Dimension</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>#%1</source>
        <translation>#%1</translation>
    </message>
    <message>
        <source>%1&apos;s score: %2</source>
        <translation>Bewertung von %1: %2</translation>
    </message>
    <message>
        <source>Summary %1 of document %2; its system stays hidden until View &gt; Reveal System Names</source>
        <translation>Zusammenfassung %1 von Dokument %2; ihr System bleibt verborgen bis Ansicht &gt; Systemnamen aufdecken</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Judge&apos;s score</source>
        <translation>Bewertung des Bewerters</translation>
    </message>
    <message>
        <source>Human mean</source>
        <translation>Mittelwert der Menschen</translation>
    </message>
</context>
<context>
    <name>concord::ui::DisagreementView</name>
    <message>
        <source>All</source>
        <translation>Alle</translation>
    </message>
    <message>
        <source>Open in Annotate</source>
        <translation>In Annotieren öffnen</translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation>Bewerter:</translation>
    </message>
    <message>
        <source>Dimension:</source>
        <translation>Dimension:</translation>
    </message>
    <message>
        <source>System:</source>
        <translation>System:</translation>
    </message>
    <message>
        <source>Article</source>
        <translation>Artikel</translation>
    </message>
    <message>
        <source>Summary (human error spans highlighted)</source>
        <translation>Zusammenfassung (von Menschen markierte Fehlerabschnitte hervorgehoben)</translation>
    </message>
    <message>
        <source>Humans: rating and explanation</source>
        <translation>Menschen: Bewertung und Begründung</translation>
    </message>
    <message>
        <source>Judge: raw answer and parsed value</source>
        <translation>Bewerter: Rohantwort und gelesener Wert</translation>
    </message>
    <message>
        <source>Ranking the disagreements…</source>
        <translation>Die Abweichungen werden sortiert…</translation>
    </message>
    <message>
        <source>Cannot rank: %1</source>
        <translation>Sortieren nicht möglich: %1</translation>
    </message>
    <message>
        <source>Items: %1, largest |judge − human mean| first (scaled to each dimension&apos;s range)</source>
        <translation>Einträge: %1, größtes |Bewerter − menschlicher Mittelwert| zuerst (skaliert auf den Bereich jeder Dimension)</translation>
    </message>
    <message>
        <source>%1 · %2 · %3 · %4: judge %5, humans %6</source>
        <translation>%1 · %2 · %3 · %4: Bewerter %5, Menschen %6</translation>
    </message>
    <message>
        <source>Cannot read the item: %1</source>
        <translation>Der Eintrag kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>error span</source>
        <translation>Fehlerabschnitt</translation>
    </message>
    <message>
        <source>no rating</source>
        <translation>keine Bewertung</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Sample %1 — parsed: %2%3</source>
        <translation>Stichprobe %1 – gelesen: %2%3</translation>
    </message>
    <message>
        <source> (invalid: %1)</source>
        <translation> (ungültig: %1)</translation>
    </message>
    <message>
        <source>No recorded call for this item; value %1.</source>
        <translation>Für diesen Eintrag ist kein Aufruf aufgezeichnet; Wert %1.</translation>
    </message>
    <message>
        <source>%1 · %2 · %3: judge %4, humans %5</source>
        <translation>%1 · %2 · %3: Bewerter %4, Menschen %5</translation>
    </message>
</context>
<context>
    <name>concord::ui::DocumentListModel</name>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Document %1 (candidates: %2)</source>
        <translation>Dokument %1 (Zusammenfassungen: %2)</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>Zusammenfassungen</translation>
    </message>
    <message>
        <source>Judgements</source>
        <translation>Urteile</translation>
    </message>
    <message>
        <source>Requirement</source>
        <translation>Anforderung</translation>
    </message>
    <message>
        <source>⚠ %1/%2</source>
        <translation>⚠ %1/%2</translation>
    </message>
    <message>
        <source>✓ done</source>
        <translation>✓ fertig</translation>
    </message>
    <message>
        <source>%1/%2</source>
        <translation>%1/%2</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
</context>
<context>
    <name>concord::ui::ErrorSpanModel</name>
    <message>
        <source>Characters %1–%2</source>
        <translation>Zeichen %1–%2</translation>
    </message>
    <message>
        <source>Factual error</source>
        <translation>Faktenfehler</translation>
    </message>
    <message>
        <source>Note (optional)</source>
        <translation>Notiz (optional)</translation>
    </message>
</context>
<context>
    <name>concord::ui::GuardedApplication</name>
    <message>
        <source>an unexpected error occurred</source>
        <translation>ein unerwarteter Fehler ist aufgetreten</translation>
    </message>
</context>
<context>
    <name>concord::ui::GuidelinesPanel</name>
    <message>
        <source>Ratings</source>
        <translation>Bewertungen</translation>
    </message>
    <message>
        <source>Rankings</source>
        <translation>Rangfolgen</translation>
    </message>
    <message>
        <source>Rank the summaries from 1 (best). Equal summaries share a rank; write ties as &quot;1, 2, 2, 4&quot; or &quot;1, 2, 2, 3&quot;, both are understood.</source>
        <translation>Ordnen Sie die Zusammenfassungen ab 1 (beste). Gleich gute teilen sich einen Rang; ein Gleichstand kann als „1, 2, 2, 4“ oder „1, 2, 2, 3“ geschrieben werden, beides wird verstanden.</translation>
    </message>
    <message>
        <source>Explain this ranking.</source>
        <translation>Begründen Sie diese Rangfolge.</translation>
    </message>
    <message>
        <source>Factual errors</source>
        <translation>Faktenfehler</translation>
    </message>
    <message>
        <source>Select the words of a summary that the article does not support and press E (or right-click, Mark Factual Error). Spans may overlap. A note is optional.</source>
        <translation>Markieren Sie die Wörter einer Zusammenfassung, die der Artikel nicht stützt, und drücken Sie E (oder Rechtsklick, Faktenfehler markieren). Abschnitte dürfen sich überlappen. Eine Notiz ist optional.</translation>
    </message>
    <message>
        <source>Content units</source>
        <translation>Inhaltseinheiten</translation>
    </message>
    <message>
        <source>Keyboard</source>
        <translation>Tastatur</translation>
    </message>
    <message>
        <source>1–9: rate the focused row; Left/Right: step; Delete: clear</source>
        <translation>1–9: fokussierte Zeile bewerten; Links/Rechts: schrittweise; Entf: löschen</translation>
    </message>
    <message>
        <source>Up/Down or Tab: next row or card</source>
        <translation>Auf/Ab oder Tab: nächste Zeile oder Karte</translation>
    </message>
    <message>
        <source>Alt+Down / Alt+Up: next / previous document; Ctrl+Shift+N: next unfinished</source>
        <translation>Alt+Ab / Alt+Auf: nächstes / vorheriges Dokument; Strg+Umschalt+N: nächstes unfertiges</translation>
    </message>
    <message>
        <source>Ctrl+F: find in the article; Ctrl+G: go to a document</source>
        <translation>Strg+F: im Artikel suchen; Strg+G: zu einem Dokument gehen</translation>
    </message>
    <message>
        <source>Ctrl+Z / Ctrl+Shift+Z: undo / redo</source>
        <translation>Strg+Z / Strg+Umschalt+Z: rückgängig / wiederholen</translation>
    </message>
    <message>
        <source>Where the document lists content units, answer for each one whether the summary contains it. Until you answer, a unit reads &quot;not answered&quot; (in italics, its box neither ticked nor empty), then &quot;present&quot; (ticked) or &quot;absent&quot; (empty box, struck through); the document is finished only when no unit is left not answered. Y or 1 marks the unit present, N or 0 absent, and each goes on to the next unit; Space or a click switches between present and absent; Delete makes it not answered again.</source>
        <translation>Wo das Dokument Inhaltseinheiten auflistet, beantworten Sie für jede, ob die Zusammenfassung sie enthält. Bis Sie antworten, lautet eine Einheit „nicht beantwortet“ (kursiv, ihr Kästchen weder angehakt noch leer), danach „vorhanden“ (angehakt) oder „fehlt“ (leeres Kästchen, durchgestrichen); das Dokument ist erst fertig, wenn keine Einheit mehr unbeantwortet ist. Y oder 1 markiert die Einheit als vorhanden, N oder 0 als fehlend, und beide gehen weiter zur nächsten Einheit; Leertaste oder Klick wechselt zwischen vorhanden und fehlt; Entf macht sie wieder unbeantwortet.</translation>
    </message>
    <message>
        <source>Content units: Y or 1 present, N or 0 absent, each on to the next; Delete: not answered</source>
        <translation>Inhaltseinheiten: Y oder 1 vorhanden, N oder 0 fehlt, jeweils weiter zur nächsten; Entf: nicht beantwortet</translation>
    </message>
</context>
<context>
    <name>concord::ui::ImportMonitor</name>
    <message>
        <source>Import cancelled; nothing was imported</source>
        <translation>Import abgebrochen; nichts wurde importiert</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgeCallModel</name>
    <message>
        <source>valid</source>
        <translation>gültig</translation>
    </message>
    <message>
        <source>invalid</source>
        <translation>ungültig</translation>
    </message>
    <message>
        <source>token probabilities</source>
        <translation>Token-Wahrscheinlichkeiten</translation>
    </message>
    <message>
        <source>mean of samples</source>
        <translation>Mittelwert der Stichproben</translation>
    </message>
    <message>
        <source>single answer</source>
        <translation>einzelne Antwort</translation>
    </message>
    <message>
        <source>recorded value</source>
        <translation>aufgezeichneter Wert</translation>
    </message>
    <message>
        <source>Call</source>
        <translation>Aufruf</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>Dimension</translation>
    </message>
    <message>
        <source>Valid</source>
        <translation>Gültig</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>Methode</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>Antwort</translation>
    </message>
    <message>
        <source>Tokens in + out</source>
        <translation>Tokens ein + aus</translation>
    </message>
    <message>
        <source>Latency (ms)</source>
        <translation>Latenz (ms)</translation>
    </message>
    <message>
        <source>Call %1 (run %2), sample %3, %4 attempt(s), HTTP %5
</source>
        <translation>Aufruf %1 (Lauf %2), Stichprobe %3, %4 Versuch(e), HTTP %5
</translation>
    </message>
    <message>
        <source>Document: %1
</source>
        <translation>Dokument: %1
</translation>
    </message>
    <message>
        <source>Dimension: %1
</source>
        <translation>Dimension: %1
</translation>
    </message>
    <message>
        <source>Unit: %1
</source>
        <translation>Einheit: %1
</translation>
    </message>
    <message>
        <source>Valid; parsed value: %1
</source>
        <translation>Gültig; gelesener Wert: %1
</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Invalid: %1
</source>
        <translation>Ungültig: %1
</translation>
    </message>
    <message>
        <source>Error: %1
</source>
        <translation>Fehler: %1
</translation>
    </message>
    <message>
        <source>Parsed: %1
</source>
        <translation>Gelesen: %1
</translation>
    </message>
    <message>
        <source>Scored by: %1
</source>
        <translation>Bewertet durch: %1
</translation>
    </message>
    <message>
        <source>Tokens: %1 in, %2 out; cost %3; latency %4 ms
</source>
        <translation>Tokens: %1 ein, %2 aus; Kosten %3; Latenz %4 ms
</translation>
    </message>
    <message>
        <source>── Prompt ──</source>
        <translation>── Prompt ──</translation>
    </message>
    <message>
        <source>── Answer ──</source>
        <translation>── Antwort ──</translation>
    </message>
    <message>
        <source>── Raw response ──</source>
        <translation>── Rohantwort ──</translation>
    </message>
    <message>
        <source>Why the answer could not be read, or why the call failed; empty for a valid answer (its own reasoning is in the answer)</source>
        <translation>Warum die Antwort nicht gelesen werden konnte oder der Aufruf fehlschlug; leer bei einer gültigen Antwort (ihre eigenen Überlegungen stehen in der Antwort)</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>structured answer</source>
        <translation>strukturierte Antwort</translation>
    </message>
</context>
<context>
    <name>concord::ui::EstimateTableModel</name>
    <message>
        <source>undefined</source>
        <translation>undefiniert</translation>
    </message>
    <message>
        <source>%1, interval %2 to %3, standard error %4</source>
        <translation>%1, Intervall %2 bis %3, Standardfehler %4</translation>
    </message>
    <message>
        <source>PPI++</source>
        <translation>PPI++</translation>
    </message>
    <message>
        <source>PPI</source>
        <translation>PPI</translation>
    </message>
    <message>
        <source>Labels alone</source>
        <translation>Nur Labels</translation>
    </message>
    <message>
        <source>The judge was worth %1 labels: its interval is as narrow as %2 labels alone would make it (lambda %3)</source>
        <translation>Der Bewerter war %1 Labels wert: Sein Intervall ist so schmal, wie %2 Labels allein es machen würden (Lambda %3)</translation>
    </message>
    <message>
        <source>Only a what-if, which keeps a share of the labels, knows the mean of every label</source>
        <translation>Nur eine Was-wäre-wenn-Analyse, die einen Anteil der Labels behält, kennt den Mittelwert aller Labels</translation>
    </message>
    <message>
        <source>The group&apos;s mean over every label of the system: %1</source>
        <translation>Der Mittelwert der Gruppe über alle Labels des Systems: %1</translation>
    </message>
    <message>
        <source>Labelled summaries left out for want of a score of the judge: %1</source>
        <translation>Zusammenfassungen mit Label, die mangels Wert des Bewerters ausgelassen wurden: %1</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>n labelled</source>
        <translation>n mit Label</translation>
    </message>
    <message>
        <source>n unlabelled</source>
        <translation>n ohne Label</translation>
    </message>
    <message>
        <source>Human mean [interval]</source>
        <translation>Mittelwert der Menschen [Intervall]</translation>
    </message>
    <message>
        <source>%1 [interval]</source>
        <translation>%1 [Intervall]</translation>
    </message>
    <message>
        <source>Labels saved</source>
        <translation>Eingesparte Labels</translation>
    </message>
    <message>
        <source>Full-data mean</source>
        <translation>Mittelwert aller Labels</translation>
    </message>
    <message>
        <source>Caution</source>
        <translation>Vorsicht</translation>
    </message>
</context>
<context>
    <name>concord::ui::PlanLabelsDialog</name>
    <message>
        <source>Plan Next Labels</source>
        <translation>Nächste Labels planen</translation>
    </message>
    <message>
        <source>How many summaries to label, in expectation: each is drawn on its own with its probability.</source>
        <translation>Wie viele Zusammenfassungen zu labeln sind, im Erwartungswert: jede wird für sich mit ihrer Wahrscheinlichkeit gezogen.</translation>
    </message>
    <message>
        <source>By the judge&apos;s uncertainty</source>
        <translation>Nach der Unsicherheit des Bewerters</translation>
    </message>
    <message>
        <source>Uniformly</source>
        <translation>Gleichmäßig</translation>
    </message>
    <message>
        <source>The judge&apos;s uncertainty is the spread of its sampled answers or, without samples, how far it was from the people on labelled summaries with like scores.</source>
        <translation>Die Unsicherheit des Bewerters ist die Streuung seiner gezogenen Antworten oder, ohne Stichproben, wie weit er bei gelabelten Zusammenfassungen mit ähnlichen Werten von den Menschen entfernt war.</translation>
    </message>
    <message>
        <source>The share of each probability spread evenly: no summary&apos;s probability is 0.</source>
        <translation>Der gleichmäßig verteilte Anteil jeder Wahrscheinlichkeit: keine Zusammenfassung hat die Wahrscheinlichkeit 0.</translation>
    </message>
    <message>
        <source>Nobody in particular</source>
        <translation>Niemand Bestimmtes</translation>
    </message>
    <message>
        <source>Which summaries the group labels next on %1, for the estimates from judge %2.</source>
        <translation>Welche Zusammenfassungen die Gruppe als Nächstes bei %1 labelt, für die Schätzungen mit Bewerter %2.</translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation>&amp;Labels:</translation>
    </message>
    <message>
        <source>&amp;Drawn:</source>
        <translation>&amp;Gezogen:</translation>
    </message>
    <message>
        <source>&amp;Uniform share:</source>
        <translation>&amp;Gleichmäßiger Anteil:</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>S&amp;tartwert:</translation>
    </message>
    <message>
        <source>&amp;Queue of:</source>
        <translation>&amp;Warteschlange von:</translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translation>&amp;Planen</translation>
    </message>
</context>
<context>
    <name>concord::ui::EstimatesPanel</name>
    <message>
        <source>&amp;Plan Next Labels…</source>
        <translation>Nächste Labels &amp;planen…</translation>
    </message>
    <message>
        <source>Which summaries the group should label next, drawn by the judge&apos;s uncertainty and stored in the study with every probability, so estimates from them stay valid.</source>
        <translation>Welche Zusammenfassungen die Gruppe als Nächstes labeln soll, gezogen nach der Unsicherheit des Bewerters und mit jeder Wahrscheinlichkeit in der Studie gespeichert, damit Schätzungen daraus gültig bleiben.</translation>
    </message>
    <message>
        <source>Planning…</source>
        <translation>Wird geplant…</translation>
    </message>
    <message>
        <source>No plan was made: %1</source>
        <translation>Kein Plan erstellt: %1</translation>
    </message>
    <message>
        <source>Plan %1: %2 of the %3 summaries not labelled yet are drawn to label (uncertainty from %4). Estimates from them: concord-cli estimate --plan %1.</source>
        <translation>Plan %1: %2 der %3 noch nicht gelabelten Zusammenfassungen sind zum Labeln gezogen (Unsicherheit aus: %4). Schätzungen daraus: concord-cli estimate --plan %1.</translation>
    </message>
    <message>
        <source>%1, summary %2 (probability %3)</source>
        <translation>%1, Zusammenfassung %2 (Wahrscheinlichkeit %3)</translation>
    </message>
    <message>
        <source>&amp;Keep a share of the labels:</source>
        <translation>Anteil der &amp;Labels behalten:</translation>
    </message>
    <message>
        <source>PPI++ weighs the judge by how well it follows the labels; PPI takes its scores as they are; labels alone leave the judge out.</source>
        <translation>PPI++ gewichtet den Bewerter danach, wie gut er den Labels folgt; PPI nimmt seine Werte, wie sie sind; „Nur Labels“ lässt den Bewerter weg.</translation>
    </message>
    <message>
        <source>A what-if: a seeded share of the summaries keeps its labels and the judge stands in for the rest; the full-data mean is the group&apos;s mean over every label.</source>
        <translation>Eine Was-wäre-wenn-Analyse: Ein zufälliger Anteil (mit Startwert) der Zusammenfassungen behält seine Labels, und der Bewerter vertritt den Rest; der Mittelwert aller Labels ist der Mittelwert der Gruppe über jedes Label.</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>Be&amp;werter:</translation>
    </message>
    <message>
        <source>D&amp;imension:</source>
        <translation>D&amp;imension:</translation>
    </message>
    <message>
        <source>Me&amp;thod:</source>
        <translation>Me&amp;thode:</translation>
    </message>
    <message>
        <source>&amp;Confidence:</source>
        <translation>&amp;Konfidenz:</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>&amp;Startwert:</translation>
    </message>
    <message>
        <source>Open a study with a judge and a group of humans.</source>
        <translation>Öffnen Sie eine Studie mit einem Bewerter und einer Gruppe von Menschen.</translation>
    </message>
    <message>
        <source>Estimates</source>
        <translation>Schätzungen</translation>
    </message>
    <message>
        <source>Estimates need a judge and a group of humans who scored a Likert dimension.</source>
        <translation>Schätzungen brauchen einen Bewerter und eine Gruppe von Menschen, die eine Likert-Dimension bewertet haben.</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>Cannot estimate: %1</source>
        <translation>Schätzung nicht möglich: %1</translation>
    </message>
    <message>
        <source>%1 of %2 estimated with %3, %4 intervals; the judge: %5.</source>
        <translation>%1 von %2 geschätzt mit %3, %4-Intervalle; der Bewerter: %5.</translation>
    </message>
    <message>
        <source>What-if: %1 % of the labels kept (seed %2), the judge standing in for the rest.</source>
        <translation>Was-wäre-wenn: %1 % der Labels behalten (Startwert %2), der Bewerter vertritt den Rest.</translation>
    </message>
    <message>
        <source>Every summary the judge scored has the group&apos;s labels, so there is nothing for the judge to estimate: each interval is the labels&apos; own. Tick &quot;Keep a share of the labels&quot; to see how the judge would stand in for the rest.</source>
        <translation>Jede Zusammenfassung, die der Bewerter bewertet hat, hat die Labels der Gruppe, der Bewerter hat also nichts zu schätzen: Jedes Intervall ist das der Labels. Kreuzen Sie „Anteil der Labels behalten“ an, um zu sehen, wie der Bewerter den Rest vertreten würde.</translation>
    </message>
    <message>
        <source>%1 of %2: %3 and the labels alone, %4 intervals</source>
        <translation>%1 von %2: %3 und nur Labels, %4-Intervalle</translation>
    </message>
    <message>
        <source>No system has two labels for an interval.</source>
        <translation>Kein System hat zwei Labels für ein Intervall.</translation>
    </message>
    <message>
        <source>%1, %2: %3, interval %4 to %5</source>
        <translation>%1, %2: %3, Intervall %4 bis %5</translation>
    </message>
    <message>
        <source>%1, %2: no interval (%3)</source>
        <translation>%1, %2: kein Intervall (%3)</translation>
    </message>
    <message>
        <source>Labels alone</source>
        <translation>Nur Labels</translation>
    </message>
    <message>
        <source>Full-data mean</source>
        <translation>Mittelwert aller Labels</translation>
    </message>
    <message>
        <source>%1: the mean of every label, %2</source>
        <translation>%1: der Mittelwert aller Labels, %2</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgeComparisonPanel</name>
    <message>
        <source>dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>system</source>
        <translation>System</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Pearson r</source>
        <translation>Pearson r</translation>
    </message>
    <message>
        <source>Spearman ρ</source>
        <translation>Spearman ρ</translation>
    </message>
    <message>
        <source>Kendall τb</source>
        <translation>Kendall τb</translation>
    </message>
    <message>
        <source>Kendall τc</source>
        <translation>Kendall τc</translation>
    </message>
    <message>
        <source>Judge A:</source>
        <translation>Bewerter A:</translation>
    </message>
    <message>
        <source>against judge B:</source>
        <translation>gegen Bewerter B:</translation>
    </message>
    <message>
        <source>Coefficient:</source>
        <translation>Koeffizient:</translation>
    </message>
    <message>
        <source>Open a study with two judges.</source>
        <translation>Öffnen Sie eine Studie mit zwei Bewertern.</translation>
    </message>
    <message>
        <source>Compare judges</source>
        <translation>Bewerter vergleichen</translation>
    </message>
    <message>
        <source>Comparing needs two judges and a group of humans.</source>
        <translation>Für den Vergleich braucht es zwei Bewerter und eine Gruppe von Menschen.</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>Vergleich nicht möglich: %1</translation>
    </message>
    <message>
        <source>Does %1 (A) agree with the mean of %2 (%3) better than %4 (B)? Williams&apos; test compares Pearson correlations at dataset and system level; the permutation test (%5 resamples, seed %6) covers every level. Both judges are compared on the items both rated. p-values are two-sided; significant: every test that applies has p &lt; %7.</source>
        <translation>Stimmt %1 (A) besser mit dem Mittelwert von %2 (%3) überein als %4 (B)? Der Williams-Test vergleicht Pearson-Korrelationen auf Datensatz- und Systemebene; der Permutationstest (%5 Ziehungen, Startwert %6) deckt jede Ebene ab. Beide Bewerter werden auf den Einträgen verglichen, die beide bewertet haben. p-Werte sind zweiseitig; signifikant: Jeder anwendbare Test ergibt p &lt; %7.</translation>
    </message>
    <message>
        <source>a correlation is undefined</source>
        <translation>eine Korrelation ist undefiniert</translation>
    </message>
    <message>
        <source>neither</source>
        <translation>keiner</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>ja</translation>
    </message>
    <message>
        <source>no</source>
        <translation>nein</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>Dimension</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>r(A, humans)</source>
        <translation>r(A, Menschen)</translation>
    </message>
    <message>
        <source>r(B, humans)</source>
        <translation>r(B, Menschen)</translation>
    </message>
    <message>
        <source>A − B</source>
        <translation>A − B</translation>
    </message>
    <message>
        <source>r(A, B)</source>
        <translation>r(A, B)</translation>
    </message>
    <message>
        <source>Williams t</source>
        <translation>Williams-t</translation>
    </message>
    <message>
        <source>Williams p</source>
        <translation>Williams-p</translation>
    </message>
    <message>
        <source>Permutation p</source>
        <translation>Permutations-p</translation>
    </message>
    <message>
        <source>Better</source>
        <translation>Besser</translation>
    </message>
    <message>
        <source>Significant</source>
        <translation>Signifikant</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>Alle Dokumente</translation>
    </message>
    <message>
        <source>Dev split</source>
        <translation>Entwicklungsteil (dev)</translation>
    </message>
    <message>
        <source>Test split</source>
        <translation>Testteil (test)</translation>
    </message>
    <message>
        <source>Documents:</source>
        <translation>Dokumente:</translation>
    </message>
    <message>
        <source>Compare on one held-out split&apos;s documents only (concord-cli split makes the split): a template tuned on dev is tested on test, where it saw no item.</source>
        <translation>Nur auf den Dokumenten eines zurückgehaltenen Teils vergleichen (concord-cli split legt die Aufteilung an): Eine auf dem Entwicklungsteil abgestimmte Vorlage wird auf dem Testteil geprüft, wo sie keinen Eintrag gesehen hat.</translation>
    </message>
    <message>
        <source>Only the dev split&apos;s documents are compared.</source>
        <translation>Nur die Dokumente des Entwicklungsteils werden verglichen.</translation>
    </message>
    <message>
        <source>Only the test split&apos;s documents are compared.</source>
        <translation>Nur die Dokumente des Testteils werden verglichen.</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgeSettingsForm</name>
    <message>
        <source>Provider</source>
        <translation>Anbieter</translation>
    </message>
    <message>
        <source>a name for these settings</source>
        <translation>ein Name für diese Einstellungen</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation>Profil:</translation>
    </message>
    <message>
        <source>openai: any OpenAI-compatible server (OpenAI, vLLM, llama.cpp, Ollama&apos;s /v1, OpenRouter…)</source>
        <translation>openai: jeder OpenAI-kompatible Server (OpenAI, vLLM, llama.cpp, /v1 von Ollama, OpenRouter…)</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>&amp;Typ:</translation>
    </message>
    <message>
        <source>Base &amp;URL:</source>
        <translation>Basis-&amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>The NAME of the environment variable that holds the API key, never the key itself. Empty for a local server without a key.</source>
        <translation>Der NAME der Umgebungsvariable, die den API-Schlüssel enthält, niemals der Schlüssel selbst. Leer für einen lokalen Server ohne Schlüssel.</translation>
    </message>
    <message>
        <source>API key &amp;variable:</source>
        <translation>API-Schlüssel-Varia&amp;ble:</translation>
    </message>
    <message>
        <source> per 1M tokens</source>
        <translation> pro 1 Mio. Tokens</translation>
    </message>
    <message>
        <source>Price &amp;in:</source>
        <translation>Preis &amp;Eingabe:</translation>
    </message>
    <message>
        <source>Price &amp;out:</source>
        <translation>Preis Aus&amp;gabe:</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>&amp;Protocol:</source>
        <translation>&amp;Protokoll:</translation>
    </message>
    <message>
        <source>None checked: every Likert dimension.</source>
        <translation>Nichts ausgewählt: jede Likert-Dimension.</translation>
    </message>
    <message>
        <source>&amp;Dimensions:</source>
        <translation>&amp;Dimensionen:</translation>
    </message>
    <message>
        <source>&amp;Judge name:</source>
        <translation>Bewerter&amp;name:</translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation>Paralle&amp;lität:</translation>
    </message>
    <message>
        <source>all documents</source>
        <translation>alle Dokumente</translation>
    </message>
    <message>
        <source>&amp;Limit:</source>
        <translation>&amp;Höchstzahl:</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>The longest wait a server may ask for with Retry-After; a call asked to wait longer fails as rate-limited.</source>
        <translation>Die längste Wartezeit, die ein Server mit Retry-After verlangen darf; ein Aufruf, der länger warten soll, schlägt als ratenbegrenzt fehl.</translation>
    </message>
    <message>
        <source>Longest &amp;wait:</source>
        <translation>Längste &amp;Wartezeit:</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>A larger answer is stopped as it arrives and fails its call.</source>
        <translation>Eine größere Antwort wird schon beim Empfang abgebrochen, und ihr Aufruf schlägt fehl.</translation>
    </message>
    <message>
        <source>Largest &amp;answer:</source>
        <translation>Größte &amp;Antwort:</translation>
    </message>
    <message>
        <source>user information before the host</source>
        <translation>Benutzerangaben vor dem Host</translation>
    </message>
    <message>
        <source>the query parameter &apos;%1&apos;</source>
        <translation>der Abfrageparameter „%1“</translation>
    </message>
    <message>
        <source>The base URL holds a credential (%1), which would be stored with the results. Put the key in an environment variable and give that variable&apos;s name under API key variable.</source>
        <translation>Die Basis-URL enthält Zugangsdaten (%1), die mit den Ergebnissen gespeichert würden. Legen Sie den Schlüssel in einer Umgebungsvariablen ab und geben Sie deren Namen unter API-Schlüssel-Variable an.</translation>
    </message>
    <message>
        <source>Cannot save the provider</source>
        <translation>Der Anbieter kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>No dimension chosen: all %1 Likert dimensions will be judged.</source>
        <translation>Keine Dimension gewählt: alle %1 Likert-Dimensionen werden bewertet.</translation>
    </message>
    <message>
        <source>%1 is not set: export the API key in this environment variable before starting Concord.</source>
        <translation>%1 ist nicht gesetzt: Exportieren Sie den API-Schlüssel in dieser Umgebungsvariable, bevor Sie Concord starten.</translation>
    </message>
    <message>
        <source>%1 is empty: export the API key in this environment variable before starting Concord.</source>
        <translation>%1 ist leer: Exportieren Sie den API-Schlüssel in dieser Umgebungsvariable, bevor Sie Concord starten.</translation>
    </message>
    <message>
        <source>Reason, then score: a one-sentence reason, then a score on the scale, per summary and dimension.</source>
        <translation>Erst Grund, dann Wert: ein Grund in einem Satz, dann ein Wert auf der Skala, je Zusammenfassung und Dimension.</translation>
    </message>
    <message>
        <source>Multiple choice: one letter per summary and dimension, each letter a scale point described by its label.</source>
        <translation>Mehrfachauswahl: ein Buchstabe je Zusammenfassung und Dimension, jeder Buchstabe ein Skalenpunkt, beschrieben durch seine Beschriftung.</translation>
    </message>
    <message>
        <source>Every Likert dimension of a summary scored in one answer.</source>
        <translation>Jede Likert-Dimension einer Zusammenfassung in einer Antwort bewertet.</translation>
    </message>
    <message>
        <source>G-Eval: the model writes evaluation steps for each dimension, then fills in a score, weighted by its token probabilities.</source>
        <translation>G-Eval: Das Modell schreibt Bewertungsschritte für jede Dimension und trägt dann einen Wert ein, gewichtet mit seinen Token-Wahrscheinlichkeiten.</translation>
    </message>
    <message>
        <source>LLMScore: is this a good summary for the requirement, Yes or No; the rating is the probability of Yes.</source>
        <translation>LLMScore: Ist dies eine gute Zusammenfassung für die Anforderung, Ja oder Nein; die Bewertung ist die Wahrscheinlichkeit von Ja.</translation>
    </message>
    <message>
        <source>LLMEval: a score for the summary given the requirement.</source>
        <translation>LLMEval: ein Wert für die Zusammenfassung angesichts der Anforderung.</translation>
    </message>
    <message>
        <source>Head-to-head: which of two summaries is better on a dimension, or a draw; every pair is asked in both orders.</source>
        <translation>H2H: Welche von zwei Zusammenfassungen auf einer Dimension besser ist, oder Gleichstand; jedes Paar wird in beiden Reihenfolgen gefragt.</translation>
    </message>
    <message>
        <source>Pairwise: the better of two summaries overall, no draw; the order shuffled.</source>
        <translation>Paarweise: die insgesamt bessere von zwei Zusammenfassungen, ohne Gleichstand; die Reihenfolge gemischt.</translation>
    </message>
    <message>
        <source>LLMCompare: reasoning, then the better of two summaries on a dimension or a tie; the order shuffled.</source>
        <translation>LLMCompare: erst Überlegungen, dann die bessere von zwei Zusammenfassungen auf einer Dimension oder Gleichstand; die Reihenfolge gemischt.</translation>
    </message>
    <message>
        <source>LLMRank: reasoning, then a rank for every summary of a document, ties allowed.</source>
        <translation>LLMRank: erst Überlegungen, dann ein Rang für jede Zusammenfassung eines Dokuments, Gleichstand erlaubt.</translation>
    </message>
    <message>
        <source>Pyramid: does the summary express each content unit of the document, Yes or No.</source>
        <translation>Pyramid: Drückt die Zusammenfassung jede Inhaltseinheit des Dokuments aus, Ja oder Nein.</translation>
    </message>
    <message>
        <source>Factuality: is each sentence of the summary supported by the article, Yes or No.</source>
        <translation>Faktentreue: Wird jeder Satz der Zusammenfassung vom Artikel gestützt, Ja oder Nein.</translation>
    </message>
    <message>
        <source>never</source>
        <translation>nie</translation>
    </message>
    <message>
        <source> times</source>
        <translation> Mal</translation>
    </message>
    <message>
        <source>Re-ask w&amp;hen unreadable:</source>
        <translation>Bei unlesbarer Antw&amp;ort erneut fragen:</translation>
    </message>
    <message>
        <source>An answer that cannot be read is asked again, in the same conversation, with a message giving the answer&apos;s form; each attempt is a call of its own.</source>
        <translation>Eine Antwort, die nicht gelesen werden kann, wird im selben Gespräch erneut erfragt, mit einer Nachricht, die die Form der Antwort angibt; jeder Versuch ist ein eigener Aufruf.</translation>
    </message>
    <message>
        <source>%1 is scored from token probabilities: its answers are not asked again.</source>
        <translation>%1 wird aus Token-Wahrscheinlichkeiten bewertet: seine Antworten werden nicht erneut erfragt.</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>Alle Dokumente</translation>
    </message>
    <message>
        <source>Dev split</source>
        <translation>Entwicklungsteil (dev)</translation>
    </message>
    <message>
        <source>Test split</source>
        <translation>Testteil (test)</translation>
    </message>
    <message>
        <source>Judge only the documents of one side of the held-out split (concord-cli split makes it).</source>
        <translation>Nur die Dokumente einer Seite der zurückgehaltenen Aufteilung bewerten (concord-cli split erstellt sie).</translation>
    </message>
    <message>
        <source>Documents &amp;by split:</source>
        <translation>Dokumente na&amp;ch Aufteilung:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>E&amp;xamples from:</source>
        <translation>Beispiele &amp;aus Korrekturen von:</translation>
    </message>
    <message>
        <source>Examples per prompt:</source>
        <translation>Beispiele je Prompt:</translation>
    </message>
    <message>
        <source>Examples scored by:</source>
        <translation>Beispiele bewertet von:</translation>
    </message>
    <message>
        <source>Each prompt shows worked examples: the dev split's summaries on which this judge and the people disagree most, with the people's scores and explanations; never a test document, never the summary's own. The template gets them as a version of its own.</source>
        <translation>Jeder Prompt zeigt ausgearbeitete Beispiele: die Zusammenfassungen des Entwicklungsteils (dev), bei denen dieser Bewerter und die Menschen am weitesten auseinanderliegen, mit den Bewertungen und Begründungen der Menschen; nie ein Dokument des Testteils (test), nie das eigene der Zusammenfassung. Die Vorlage erhält sie als eigene Version.</translation>
    </message>
    <message>
        <source>%1 does not take examples: they are for the protocols that score one summary on one dimension.</source>
        <translation>%1 nimmt keine Beispiele: Sie sind für die Protokolle, die eine Zusammenfassung auf einer Dimension bewerten.</translation>
    </message>
    <message>
        <source>&amp;Structured answers: a reason and a score</source>
        <translation>&amp;Strukturierte Antworten: Begründung und Bewertung</translation>
    </message>
    <message>
        <source>The provider holds the model to a JSON object of a reason and a whole-number score, read strictly; each call's method is "structured".</source>
        <translation>Der Anbieter hält das Modell an ein JSON-Objekt aus einer Begründung und einer ganzzahligen Bewertung, das streng gelesen wird; die Methode jedes Aufrufs ist „structured“.</translation>
    </message>
    <message>
        <source>%1 keeps its free-text prompt and parser: structured answers are for rts and llmeval.</source>
        <translation>%1 behält seinen Freitext-Prompt und -Parser: Strukturierte Antworten gibt es für rts und llmeval.</translation>
    </message>
    <message>
        <source>once</source>
        <translation>einmal</translation>
    </message>
    <message>
        <source>Ask each summar&amp;y:</source>
        <translation>&amp;Jede Zusammenfassung fragen:</translation>
    </message>
    <message>
        <source>Answers asked again at temperature 0 would repeat one another.</source>
        <translation>Bei Temperatur 0 würden erneut erfragte Antworten einander nur wiederholen.</translation>
    </message>
    <message>
        <source>Temperature of repeated answers:</source>
        <translation>Temperatur wiederholter Antworten:</translation>
    </message>
    <message>
        <source>Each summary asked this many times, scored by the mean of its answers; the judge card shows the vote share and the judge's own variance from them.</source>
        <translation>Jede Zusammenfassung wird so oft gefragt und nach dem Mittelwert ihrer Antworten bewertet; die Bewerterkarte zeigt daraus den Stimmenanteil und die eigene Varianz des Bewerters.</translation>
    </message>
    <message>
        <source>%1 is not asked several times: repeats are for rts, mcq and llmeval (geval samples on its own).</source>
        <translation>%1 wird nicht mehrfach gefragt: Wiederholungen gibt es für rts, mcq und llmeval (geval zieht eigene Stichproben).</translation>
    </message>
    <message>
        <source>A summary asked several times leaves an unreadable answer out of its mean rather than asking it again.</source>
        <translation>Eine mehrfach gefragte Zusammenfassung lässt eine unlesbare Antwort aus ihrem Mittelwert weg, statt sie erneut zu erfragen.</translation>
    </message>
    <message>
        <source>Batch &amp;queue: half price, answers within 24 hours</source>
        <translation>Batch-&amp;Warteschlange: halber Preis, binnen 24 Stunden</translation>
    </message>
    <message>
        <source>Ollama has no batch API: its judges are asked online.</source>
        <translation>Ollama hat keine Batch-API: seine Bewerter werden online gefragt.</translation>
    </message>
    <message>
        <source>geval writes its evaluation steps first and decides from the answers how to score, so it is asked online.</source>
        <translation>geval schreibt zuerst seine Bewertungsschritte und entscheidet anhand der Antworten, wie es punktet; daher wird es online gefragt.</translation>
    </message>
    <message>
        <source>The requests go to OpenAI's Batch API or Anthropic's Message Batches at the batch price; the run returns once they are submitted, and Fetch Batch Results stores the answers when they are done. A server without a batch API is judged online.</source>
        <translation>Die Anfragen gehen zum Batch-Preis an die Batch API von OpenAI oder die Message Batches von Anthropic; der Lauf endet, sobald sie übermittelt sind, und „Batch-Ergebnisse abrufen“ speichert die Antworten, wenn sie fertig sind. Ein Server ohne Batch-API wird online befragt.</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>At most this many requests in any minute, as the provider's rate limit allows; 0 is no limit.</source>
        <translation>Höchstens so viele Anfragen in jeder Minute, wie das Ratenlimit des Anbieters erlaubt; 0 ist keine Grenze.</translation>
    </message>
    <message>
        <source>Requests a minute:</source>
        <translation>Anfragen pro Minute:</translation>
    </message>
    <message>
        <source>At most this many tokens in any minute (each prompt's estimated tokens and its longest answer), as the provider's rate limit allows; 0 is no limit.</source>
        <translation>Höchstens so viele Tokens in jeder Minute (die geschätzten Tokens jedes Prompts und seine längste Antwort), wie das Ratenlimit des Anbieters erlaubt; 0 ist keine Grenze.</translation>
    </message>
    <message>
        <source>Tokens a minute:</source>
        <translation>Tokens pro Minute:</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgesView</name>
    <message>
        <source>&amp;Calls</source>
        <translation>&amp;Aufrufe</translation>
    </message>
    <message>
        <source>Prompt &amp;Template</source>
        <translation>Prompt-&amp;Vorlage</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>&amp;Modell:</translation>
    </message>
    <message>
        <source>&amp;Protocol:</source>
        <translation>&amp;Protokoll:</translation>
    </message>
    <message>
        <source>&amp;Judge name:</source>
        <translation>Bewerter&amp;name:</translation>
    </message>
    <message>
        <source>&amp;Estimate Cost</source>
        <translation>&amp;Kosten schätzen</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Starten</translation>
    </message>
    <message>
        <source>Ca&amp;ncel</source>
        <translation>Abb&amp;rechen</translation>
    </message>
    <message>
        <source>No run yet.</source>
        <translation>Noch kein Lauf.</translation>
    </message>
    <message>
        <source>&amp;Import Recorded Judgements…</source>
        <translation>Aufgezeichnete Urteile &amp;importieren…</translation>
    </message>
    <message>
        <source>All calls</source>
        <translation>Alle Aufrufe</translation>
    </message>
    <message>
        <source>Valid only</source>
        <translation>Nur gültige</translation>
    </message>
    <message>
        <source>Invalid only</source>
        <translation>Nur ungültige</translation>
    </message>
    <message>
        <source>Filter prompts, answers and reasons</source>
        <translation>Prompts, Antworten und Gründe filtern</translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation>Bewerter:</translation>
    </message>
    <message>
        <source>Select a call to see its prompt and raw answer.</source>
        <translation>Wählen Sie einen Aufruf, um seinen Prompt und die Rohantwort zu sehen.</translation>
    </message>
    <message>
        <source>Cannot estimate</source>
        <translation>Schätzung nicht möglich</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>Wird geschätzt…</translation>
    </message>
    <message>
        <source>Cannot run the judge</source>
        <translation>Der Bewerter kann nicht ausgeführt werden</translation>
    </message>
    <message>
        <source>The edited prompt template has an error: %1</source>
        <translation>Die bearbeitete Prompt-Vorlage hat einen Fehler: %1</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
    <message>
        <source>%1 of %2 calls done (%3 cached), %4 failed, %5 retries, %6 in flight
invalid %7%, tokens %8 in + %9 out, cost so far %10
elapsed %11, ETA %12</source>
        <translation>%1 von %2 Aufrufen erledigt (%3 aus dem Cache), %4 fehlgeschlagen, %5 Wiederholungen, %6 unterwegs
ungültig %7 %, Tokens %8 ein + %9 aus, bisherige Kosten %10
vergangen %11, verbleibend %12</translation>
    </message>
    <message>
        <source>The cost so far includes %1 paid earlier for calls this judge had answered.</source>
        <translation>Die bisherigen Kosten enthalten %1, die früher für schon beantwortete Aufrufe dieses Bewerters bezahlt wurden.</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Hinweis: %1</translation>
    </message>
    <message>
        <source>G-Eval: %1 units by token probabilities, %2 by the mean of %3 samples</source>
        <translation>G-Eval: %1 Einheiten über Token-Wahrscheinlichkeiten, %2 über den Mittelwert von %3 Stichproben</translation>
    </message>
    <message>
        <source>LLMScore: %1 units by token probabilities, %2 by a single answer without them</source>
        <translation>LLMScore: %1 Einheiten über Token-Wahrscheinlichkeiten, %2 über eine einzelne Antwort ohne sie</translation>
    </message>
    <message>
        <source>Resume &amp;Interrupted Run</source>
        <translation>&amp;Unterbrochenen Lauf fortsetzen</translation>
    </message>
    <message>
        <source>Cannot resume the run</source>
        <translation>Der Lauf kann nicht fortgesetzt werden</translation>
    </message>
    <message>
        <source>Resuming run %1…</source>
        <translation>Lauf %1 wird fortgesetzt…</translation>
    </message>
    <message>
        <source>The study is busy (another program is writing to it): waiting, the answers are kept…</source>
        <translation>Die Studie ist belegt (ein anderes Programm schreibt in sie): Es wird gewartet, die Antworten bleiben erhalten…</translation>
    </message>
    <message>
        <source>Run %1 of %2 (%3) was interrupted: its program was stopped or failed. Started %4; %5 calls stored. Resume sends only what is missing.</source>
        <translation>Lauf %1 von %2 (%3) wurde unterbrochen: sein Programm wurde beendet oder ist gescheitert. Begonnen %4; %5 Aufrufe gespeichert. Fortsetzen sendet nur, was noch fehlt.</translation>
    </message>
    <message>
        <source>Cancelled: Resume sends only what is missing.</source>
        <translation>Abgebrochen: Fortsetzen sendet nur, was noch fehlt.</translation>
    </message>
    <message>
        <source>Finished, with failed calls (Resume retries them).</source>
        <translation>Fertig, mit fehlgeschlagenen Aufrufen (Fortsetzen wiederholt sie).</translation>
    </message>
    <message>
        <source>Finished.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>The run did not start: %1</source>
        <translation>Der Lauf hat nicht begonnen: %1</translation>
    </message>
    <message>
        <source>Cannot read the study</source>
        <translation>Die Studie kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>The judge run failed</source>
        <translation>Der Bewerter-Lauf ist fehlgeschlagen</translation>
    </message>
    <message>
        <source>No estimate: %1</source>
        <translation>Keine Schätzung: %1</translation>
    </message>
    <message>
        <source>Estimate: %1 calls to send (%2 already answered), ~%3 tokens in, ~%4 out (at most %5); cost ~%6 (at most %7)</source>
        <translation>Schätzung: %1 Aufrufe zu senden (%2 bereits beantwortet), ~%3 Tokens ein, ~%4 aus (höchstens %5); Kosten ~%6 (höchstens %7)</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Fortsetzen</translation>
    </message>
    <message>
        <source>Cannot read the calls</source>
        <translation>Die Aufrufe können nicht gelesen werden</translation>
    </message>
    <message>
        <source>document %1</source>
        <translation>Dokument %1</translation>
    </message>
    <message>
        <source>, %1</source>
        <translation>, %1</translation>
    </message>
    <message>
        <source>Import Recorded Judgements</source>
        <translation>Aufgezeichnete Urteile importieren</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>&amp;File (JSONL):</source>
        <translation>&amp;Datei (JSONL):</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>optional</translation>
    </message>
    <message>
        <source>Recorded Judgements</source>
        <translation>Aufgezeichnete Urteile</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.json);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>Import fehlgeschlagen</translation>
    </message>
    <message>
        <source>Give a file, a protocol and the judge&apos;s name.</source>
        <translation>Geben Sie eine Datei, ein Protokoll und den Namen des Bewerters an.</translation>
    </message>
    <message>
        <source>Imported %1 recorded judgements (%2 valid, %3 invalid).</source>
        <translation>%1 aufgezeichnete Urteile importiert (%2 gültig, %3 ungültig).</translation>
    </message>
    <message>
        <source>%1 of them answer a unit answered earlier in the file: the later answer is the judgement, the earlier ones stay as calls.</source>
        <translation>%1 davon beantworten eine Einheit, die weiter oben in der Datei schon beantwortet wurde: Die spätere Antwort ist das Urteil, die früheren bleiben als Aufrufe erhalten.</translation>
    </message>
    <message>
        <source>Cannot run: %1</source>
        <translation>Nicht ausführbar: %1</translation>
    </message>
    <message>
        <source>An annotator runs no judges: the team study&apos;s judge records are for its lead.</source>
        <translation>Annotatoren starten keine Läufe: Was die Läufe einer Teamstudie aufzeichnen, ist Sache der Studienleitung.</translation>
    </message>
    <message>
        <source>Form Panel of Jud&amp;ges…</source>
        <translation>Gremium &amp;zusammenstellen…</translation>
    </message>
    <message>
        <source>A judge of its own whose score of a summary combines several judges&apos; scores</source>
        <translation>Ein eigener Bewerter, dessen Bewertung einer Zusammenfassung die Bewertungen mehrerer Bewerter zusammenführt</translation>
    </message>
    <message>
        <source>Cannot form the panel</source>
        <translation>Gremium kann nicht gebildet werden</translation>
    </message>
    <message>
        <source>Panel &apos;%1&apos; formed: %2 judgements; %3 left out (a member&apos;s judgement missing, or the votes tied).</source>
        <translation>Gremium „%1“ gebildet: %2 Urteile; %3 ausgelassen (Urteil eines Mitglieds fehlt oder Gleichstand der Stimmen).</translation>
    </message>
    <message>
        <source>Re-asking (up to %1 times): %2 of %3 first answers invalid, %4 re-asks, %5 recovered; %6 invalid after re-asking</source>
        <translation>Erneutes Fragen (bis zu %1 Mal): %2 von %3 ersten Antworten ungültig, %4 erneute Fragen, %5 gerettet; %6 ungültig nach erneutem Fragen</translation>
    </message>
    <message>
        <source>Each summary asked %1 times: %2 units by the mean of %1 answers</source>
        <translation>Jede Zusammenfassung %1-mal gefragt: %2 Einheiten nach dem Mittelwert von %1 Antworten</translation>
    </message>
    <message>
        <source>Fetch Batch Results</source>
        <translation>Batch-Ergebnisse abrufen</translation>
    </message>
    <message>
        <source>Asking the providers about the study's batches…</source>
        <translation>Die Anbieter werden nach den Batches der Studie gefragt…</translation>
    </message>
    <message>
        <source>Some batches could not be polled</source>
        <translation>Einige Batches konnten nicht abgefragt werden</translation>
    </message>
    <message>
        <source>%1 batches (%2 requests) wait with their providers, the first submitted %3. Fetch Batch Results asks where they stand and stores the answers of every batch that has ended.</source>
        <translation>%1 Batches (%2 Anfragen) warten bei ihren Anbietern, der erste übermittelt am %3. „Batch-Ergebnisse abrufen“ fragt nach ihrem Stand und speichert die Antworten jedes beendeten Batches.</translation>
    </message>
    <message>
        <source>Submitted %1 requests in %2 batches to the provider's batch API (%3 answered before). Fetch Batch Results stores the answers once the batches are done.</source>
        <translation>%1 Anfragen in %2 Batches an die Batch-API des Anbieters übermittelt (%3 schon beantwortet). „Batch-Ergebnisse abrufen“ speichert die Antworten, sobald die Batches fertig sind.</translation>
    </message>
    <message>
        <source>Through a batch API: cost ~%1 (at most %2), %3% of the online price</source>
        <translation>Über eine Batch-API: Kosten ~%1 (höchstens %2), %3 % des Online-Preises</translation>
    </message>
    <message>
        <source>Cannot add the judge to the plan</source>
        <translation>Der Bewerter kann nicht zum Plan hinzugefügt werden</translation>
    </message>
    <message>
        <source>Judges in the plan: %1.</source>
        <translation>Bewerter im Plan: %1.</translation>
    </message>
    <message>
        <source>Estimating the plan…</source>
        <translation>Der Plan wird geschätzt…</translation>
    </message>
    <message>
        <source>Starting the plan&apos;s %1 judges…</source>
        <translation>Die %1 Bewerter des Plans werden gestartet…</translation>
    </message>
    <message>
        <source>%1: %2 of %3 calls done, %4 failed</source>
        <translation>%1: %2 von %3 Aufrufen erledigt, %4 fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: failed: %2</source>
        <translation>%1: fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>%1: %2 requests submitted in %3 batches (%4 answered before)</source>
        <translation>%1: %2 Anfragen in %3 Batches übermittelt (%4 schon zuvor beantwortet)</translation>
    </message>
    <message>
        <source>%1: %2 of %3 calls done (%4 cached), %5 failed%6</source>
        <translation>%1: %2 von %3 Aufrufen erledigt (%4 aus dem Cache), %5 fehlgeschlagen%6</translation>
    </message>
    <message>
        <source>, cancelled</source>
        <translation>, abgebrochen</translation>
    </message>
    <message>
        <source>Plan cancelled: running it again sends only what is missing.</source>
        <translation>Plan abgebrochen: Ein erneuter Lauf sendet nur, was fehlt.</translation>
    </message>
    <message>
        <source>Plan ended: %1 of %2 judges failed; the others ran to their end.</source>
        <translation>Plan beendet: %1 von %2 Bewertern fehlgeschlagen; die anderen liefen bis zu ihrem Ende.</translation>
    </message>
    <message>
        <source>Plan submitted: Fetch Batch Results stores the batches&apos; answers once they are done.</source>
        <translation>Plan übermittelt: „Batch-Ergebnisse abrufen“ speichert die Antworten der Batches, sobald sie fertig sind.</translation>
    </message>
    <message>
        <source>Plan finished, with failed calls (running it again retries them).</source>
        <translation>Plan beendet, mit fehlgeschlagenen Aufrufen (ein erneuter Lauf wiederholt sie).</translation>
    </message>
    <message>
        <source>Plan finished.</source>
        <translation>Plan beendet.</translation>
    </message>
    <message>
        <source>The plan did not start: %1</source>
        <translation>Der Plan wurde nicht gestartet: %1</translation>
    </message>
    <message>
        <source>%1: %2 calls to send (%3 already answered), cost ~%4, through a batch API ~%5</source>
        <translation>%1: %2 Aufrufe zu senden (%3 bereits beantwortet), Kosten ~%4, über eine Batch-API ~%5</translation>
    </message>
    <message>
        <source>All %1 judges: %2 calls to send (%3 already answered), cost ~%4 (at most %5); through a batch API ~%6 (at most %7)</source>
        <translation>Alle %1 Bewerter: %2 Aufrufe zu senden (%3 bereits beantwortet), Kosten ~%4 (höchstens %5); über eine Batch-API ~%6 (höchstens %7)</translation>
    </message>
    <message>
        <source>Batches polled on their own at %1:</source>
        <translation>Batches selbsttätig abgefragt um %1:</translation>
    </message>
    <message>
        <source>While the study is open they are asked about every %1 minutes on their own.</source>
        <translation>Solange die Studie geöffnet ist, werden sie etwa alle %1 Minuten selbsttätig abgefragt.</translation>
    </message>
</context>
<context>
    <name>concord::ui::LikertRow</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Keys %1–%2 choose, Delete clears, Up/Down move between rows</source>
        <translation>Tasten %1–%2 wählen, Entf löscht, Auf/Ab wechselt die Zeile</translation>
    </message>
    <message>
        <source>not rated</source>
        <translation>nicht bewertet</translation>
    </message>
</context>
<context>
    <name>LastStudy</name>
    <message>
        <source>The team study %1 did not open without asking: %2</source>
        <translation>Die Teamstudie %1 ließ sich nicht ohne Rückfrage öffnen: %2</translation>
    </message>
    <message>
        <source>The last study, %1, did not open (%2): the demo study is open instead.</source>
        <translation>Die zuletzt geöffnete Studie, %1, ließ sich nicht öffnen (%2): Stattdessen ist die Demo-Studie geöffnet.</translation>
    </message>
    <message>
        <source>cannot create the demo study: %1</source>
        <translation>die Demo-Studie kann nicht erstellt werden: %1</translation>
    </message>
</context>
<context>
    <name>concord::ui::MainWindow</name>
    <message>
        <source>Cancel Import</source>
        <translation>Import abbrechen</translation>
    </message>
    <message>
        <source>Check &amp;Study…</source>
        <translation>Studie &amp;prüfen…</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>Layout &amp;zurücksetzen</translation>
    </message>
    <message>
        <source>Check failed</source>
        <translation>Prüfung fehlgeschlagen</translation>
    </message>
    <message>
        <source>Checking %1…</source>
        <translation>%1 wird geprüft…</translation>
    </message>
    <message>
        <source>No problem found in the team study %1: its format, the server's data rules and every stored judgement were checked.</source>
        <translation>Kein Problem in der Teamstudie %1 gefunden: ihr Format, die Datenregeln des Servers und jedes gespeicherte Urteil wurden geprüft.</translation>
    </message>
    <message>
        <source>No damage found in %1: SQLite's integrity and foreign key checks, the schema check and the data rules passed.</source>
        <translation>Keine Schäden in %1 gefunden: SQLites Integritäts- und Fremdschlüsselprüfung, die Schemaprüfung und die Datenregeln sind bestanden.</translation>
    </message>
    <message>
        <source>%1 is damaged. What the check found:</source>
        <translation>%1 ist beschädigt. Die Prüfung hat gefunden:</translation>
    </message>
    <message>
        <source>Check Study</source>
        <translation>Studie prüfen</translation>
    </message>
    <message>
        <source>Concord studies (*.concord);;All files (*)</source>
        <translation>Concord-Studien (*.concord);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>&amp;Annotate</source>
        <translation>&amp;Annotieren</translation>
    </message>
    <message>
        <source>&amp;New Study…</source>
        <translation>&amp;Neue Studie…</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>Import &amp;SummEval JSONL…</source>
        <translation>&amp;SummEval-JSONL importieren…</translation>
    </message>
    <message>
        <source>Import &amp;Table (JSONL/CSV/TSV)…</source>
        <translation>&amp;Tabelle importieren (JSONL/CSV/TSV)…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>Schl&amp;ießen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;About Concord</source>
        <translation>Über &amp;Concord</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Document</source>
        <translation>D&amp;okument</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Cannot read the study</source>
        <translation>Die Studie kann nicht gelesen werden</translation>
    </message>
    <message>
        <source>%1 — Concord</source>
        <translation>%1 – Concord</translation>
    </message>
    <message>
        <source>Concord</source>
        <translation>Concord</translation>
    </message>
    <message>
        <source>No study open</source>
        <translation>Keine Studie geöffnet</translation>
    </message>
    <message>
        <source>Counts unavailable: %1</source>
        <translation>Anzahlen nicht verfügbar: %1</translation>
    </message>
    <message>
        <source>Documents: %1</source>
        <translation>Dokumente: %1</translation>
    </message>
    <message>
        <source>Systems: %1</source>
        <translation>Systeme: %1</translation>
    </message>
    <message>
        <source>Candidates: %1</source>
        <translation>Zusammenfassungen: %1</translation>
    </message>
    <message>
        <source>Raters: %1</source>
        <translation>Rater: %1</translation>
    </message>
    <message>
        <source>Judgements: %1</source>
        <translation>Urteile: %1</translation>
    </message>
    <message>
        <source>New Study</source>
        <translation>Neue Studie</translation>
    </message>
    <message>
        <source>Cannot create the study</source>
        <translation>Die Studie kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>Open Study</source>
        <translation>Studie öffnen</translation>
    </message>
    <message>
        <source>Cannot open the study</source>
        <translation>Die Studie kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Import SummEval JSONL</source>
        <translation>SummEval-JSONL importieren</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl *.json);;All files (*)</source>
        <translation>JSON Lines (*.jsonl *.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>CSV, long format (*.csv)</source>
        <translation>CSV, Langformat (*.csv)</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Export Judgements</source>
        <translation>Urteile exportieren</translation>
    </message>
    <message>
        <source>About Concord</source>
        <translation>Über Concord</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Concord %1&lt;/h3&gt;&lt;p&gt;People and LLM judges evaluate the same machine-written summaries; Concord shows, charts and exports how far they agree.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Concord %1&lt;/h3&gt;&lt;p&gt;Menschen und LLM-Bewerter beurteilen dieselben maschinell geschriebenen Zusammenfassungen; Concord zeigt, visualisiert und exportiert, wie weit sie übereinstimmen.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No recent studies</source>
        <translation>Keine zuletzt geöffneten Studien</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>Menü &amp;leeren</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>Import fehlgeschlagen</translation>
    </message>
    <message>
        <source>Open or create a study first.</source>
        <translation>Öffnen Sie zuerst eine Studie oder legen Sie eine an.</translation>
    </message>
    <message>
        <source>Another import or export is still running.</source>
        <translation>Ein anderer Import oder Export läuft noch.</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>%1 wird importiert…</translation>
    </message>
    <message>
        <source>Importing %1 files…</source>
        <translation>%1 Dateien werden importiert…</translation>
    </message>
    <message>
        <source>Import done. Added documents: %1, candidates: %2, ratings: %3.</source>
        <translation>Import abgeschlossen. Hinzugefügt – Dokumente: %1, Zusammenfassungen: %2, Bewertungen: %3.</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export fehlgeschlagen</translation>
    </message>
    <message>
        <source>Open a study first.</source>
        <translation>Öffnen Sie zuerst eine Studie.</translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation>Export nach %1…</translation>
    </message>
    <message>
        <source>Export done: %1 (rows: %2).</source>
        <translation>Export abgeschlossen: %1 (Zeilen: %2).</translation>
    </message>
    <message>
        <source>Concord will close when the running job has finished…</source>
        <translation>Concord wird beendet, sobald die laufende Aufgabe fertig ist…</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>SummEval-style: coherence, consistency, fluency, relevance (1–5)</source>
        <translation>Wie SummEval: Kohärenz, Konsistenz, Flüssigkeit, Relevanz (1–5)</translation>
    </message>
    <message>
        <source>InstruSum-style: rankings with ties, error spans, explanation</source>
        <translation>Wie InstruSum: Rangfolgen mit Gleichstand, Fehlerabschnitte, Begründung</translation>
    </message>
    <message>
        <source>Empty: the dimensions come with the data</source>
        <translation>Leer: Die Dimensionen kommen mit den Daten</translation>
    </message>
    <message>
        <source>What the study asks:</source>
        <translation>Was die Studie erfragt:</translation>
    </message>
    <message>
        <source>Writing the package for %1…</source>
        <translation>Paket für %1 wird geschrieben…</translation>
    </message>
    <message>
        <source>Annotator package written: %1</source>
        <translation>Annotator-Paket geschrieben: %1</translation>
    </message>
    <message>
        <source>Merge Summary</source>
        <translation>Ergebnis der Zusammenführung</translation>
    </message>
    <message>
        <source>From %1:</source>
        <translation>Aus %1:</translation>
    </message>
    <message>
        <source>Merge failed</source>
        <translation>Zusammenführen fehlgeschlagen</translation>
    </message>
    <message>
        <source>Merging annotations from %1…</source>
        <translation>Annotationen aus %1 werden zusammengeführt…</translation>
    </message>
    <message>
        <source>&amp;Judges</source>
        <translation>&amp;Bewerter</translation>
    </message>
    <message>
        <source>A&amp;greement</source>
        <translation>&amp;Übereinstimmung</translation>
    </message>
    <message>
        <source>&amp;Disagreements</source>
        <translation>Ab&amp;weichungen</translation>
    </message>
    <message>
        <source>&amp;Judgements (CSV, JSONL)…</source>
        <translation>&amp;Urteile (CSV, JSONL)…</translation>
    </message>
    <message>
        <source>Statistics &amp;Table (CSV, Markdown, LaTeX)…</source>
        <translation>Statistik&amp;tabelle (CSV, Markdown, LaTeX)…</translation>
    </message>
    <message>
        <source>&amp;Chart (PNG, SVG, PDF)…</source>
        <translation>&amp;Diagramm (PNG, SVG, PDF)…</translation>
    </message>
    <message>
        <source>Study &amp;Bundle…</source>
        <translation>Studien&amp;bündel…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Exportieren</translation>
    </message>
    <message>
        <source>Export Statistics Table</source>
        <translation>Statistiktabelle exportieren</translation>
    </message>
    <message>
        <source>Exporting statistics to %1…</source>
        <translation>Statistik wird nach %1 exportiert…</translation>
    </message>
    <message>
        <source>Export Study Bundle (a new folder)</source>
        <translation>Studienbündel exportieren (ein neuer Ordner)</translation>
    </message>
    <message>
        <source>Writing the study bundle %1…</source>
        <translation>Studienbündel %1 wird geschrieben…</translation>
    </message>
    <message>
        <source>Study bundle written: %1</source>
        <translation>Studienbündel geschrieben: %1</translation>
    </message>
    <message>
        <source>Chart exported: %1</source>
        <translation>Diagramm exportiert: %1</translation>
    </message>
    <message>
        <source>The current view shows no chart. Open the Agreement view and export from there.</source>
        <translation>Die aktuelle Ansicht zeigt kein Diagramm. Öffnen Sie die Ansicht „Übereinstimmung“ und exportieren Sie von dort.</translation>
    </message>
    <message>
        <source>Chart %1</source>
        <translation>Diagramm %1</translation>
    </message>
    <message>
        <source>Export Chart</source>
        <translation>Diagramm exportieren</translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation>Diagramm:</translation>
    </message>
    <message>
        <source>Open Te&amp;am Study…</source>
        <translation>Te&amp;amstudie öffnen…</translation>
    </message>
    <message>
        <source>&amp;Annotate</source>
        <comment>menu</comment>
        <translation>A&amp;nnotieren</translation>
    </message>
    <message>
        <source>Annotation &amp;Guidelines</source>
        <translation>&amp;Richtlinien für Annotatoren</translation>
    </message>
    <message>
        <source>Cannot annotate</source>
        <translation>Annotieren nicht möglich</translation>
    </message>
    <message>
        <source>Your login %1 has no rater in this team study: ask its lead to add you (concord-cli team add).</source>
        <translation>Ihre Anmeldung %1 hat in dieser Teamstudie keinen Rater: Bitten Sie die Studienleitung, Sie hinzuzufügen (concord-cli team add).</translation>
    </message>
    <message>
        <source>An annotator exports no judgements: the team study&apos;s lead exports everyone&apos;s.</source>
        <translation>Annotatoren exportieren keine Urteile: Die Studienleitung der Teamstudie exportiert die aller.</translation>
    </message>
    <message>
        <source>An annotator works blind: which system wrote a summary is for the team study&apos;s lead to see.</source>
        <translation>Annotatoren arbeiten verblindet: Welches System eine Zusammenfassung schrieb, sieht nur die Studienleitung der Teamstudie.</translation>
    </message>
    <message>
        <source>An annotator imports nothing: the team study&apos;s lead adds its documents and judgements.</source>
        <translation>Annotatoren importieren nichts: Dokumente und Urteile fügt die Studienleitung der Teamstudie hinzu.</translation>
    </message>
    <message>
        <source>An annotator makes no statistics: they need which system wrote each summary, which the team study keeps from annotators.</source>
        <translation>Annotatoren erstellen keine Statistiken: Diese brauchen, welches System jede Zusammenfassung schrieb, und das hält die Teamstudie vor Annotatoren verborgen.</translation>
    </message>
    <message>
        <source>An annotator exports no study bundle: it holds everyone&apos;s judgements and the systems&apos; names, which the team study keeps for its lead.</source>
        <translation>Ein Annotator exportiert kein Studienbündel: Es enthält die Urteile aller und die Namen der Systeme, die die Teamstudie ihrer Studienleitung vorbehält.</translation>
    </message>
    <message>
        <source>An annotator writes no annotator packages: the team study&apos;s lead hands them out.</source>
        <translation>Ein Annotator erstellt keine Annotator-Pakete: Die Studienleitung der Teamstudie verteilt sie.</translation>
    </message>
    <message>
        <source>An annotator merges no packages: the team study&apos;s lead merges them into the study.</source>
        <translation>Ein Annotator führt keine Pakete zusammen: Die Studienleitung der Teamstudie führt sie in die Studie zusammen.</translation>
    </message>
    <message>
        <source>Assi&amp;gn Documents…</source>
        <translation>Dokumente zu&amp;weisen…</translation>
    </message>
    <message>
        <source>An annotator assigns no documents: the team study&apos;s lead decides who annotates what.</source>
        <translation>Ein Annotator weist keine Dokumente zu: Die Studienleitung der Teamstudie entscheidet, wer was annotiert.</translation>
    </message>
    <message>
        <source>&amp;Team</source>
        <translation>&amp;Team</translation>
    </message>
    <message>
        <source>Re&amp;view</source>
        <translation>P&amp;rüfung</translation>
    </message>
</context>
<context>
    <name>concord::ui::RankTierBoard</name>
    <message>
        <source>Drag a summary into a tier; summaries in one tier tie</source>
        <translation>Ziehen Sie eine Zusammenfassung in eine Stufe; Zusammenfassungen einer Stufe bilden einen Gleichstand</translation>
    </message>
    <message>
        <source>Unranked</source>
        <translation>Ohne Rang</translation>
    </message>
</context>
<context>
    <name>concord::ui::RankingModel</name>
    <message>
        <source>entered as competition ranks</source>
        <translation>als Wettbewerbsränge eingegeben</translation>
    </message>
    <message>
        <source>entered as dense ranks</source>
        <translation>als dichte Ränge eingegeben</translation>
    </message>
    <message>
        <source>competition and dense forms agree</source>
        <translation>Wettbewerbs- und dichte Form stimmen überein</translation>
    </message>
    <message>
        <source>Not ranked yet</source>
        <translation>Noch ohne Rang</translation>
    </message>
    <message>
        <source>Impossible ranking: %1</source>
        <translation>Unmögliche Rangfolge: %1</translation>
    </message>
    <message>
        <source>Incomplete: %1 of %2 ranked</source>
        <translation>Unvollständig: %1 von %2 mit Rang</translation>
    </message>
    <message>
        <source>Complete (%1): %2</source>
        <translation>Vollständig (%1): %2</translation>
    </message>
    <message>
        <source>A rank is between 1 and %1.</source>
        <translation>Ein Rang liegt zwischen 1 und %1.</translation>
    </message>
    <message>
        <source>Type 1–%1 (1 is best; equal summaries share a rank); Delete clears</source>
        <translation>Geben Sie 1–%1 ein (1 ist am besten; gleich gute teilen sich einen Rang); Entf löscht</translation>
    </message>
    <message>
        <source>The rank in competition form: 1 + the number of summaries ranked better</source>
        <translation>Der Rang in Wettbewerbsform: 1 + Anzahl der Zusammenfassungen mit besserem Rang</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Normalised</source>
        <translation>Normalisiert</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a rank</source>
        <translation>„%1“ ist kein Rang</translation>
    </message>
</context>
<context>
    <name>concord::ui::RankingPanel</name>
    <message>
        <source>Rank: %1</source>
        <translation>Rangfolge: %1</translation>
    </message>
    <message>
        <source>1 is best; equal summaries share a rank (&quot;1, 2, 2, 4&quot; or &quot;1, 2, 2, 3&quot;).</source>
        <translation>1 ist am besten; gleich gute Zusammenfassungen teilen sich einen Rang („1, 2, 2, 4“ oder „1, 2, 2, 3“).</translation>
    </message>
    <message>
        <source>Type a rank (1–9) on a row; Delete clears it; drag in the tiers below works too</source>
        <translation>Geben Sie in einer Zeile einen Rang (1–9) ein; Entf löscht ihn; Ziehen in die Stufen unten geht auch</translation>
    </message>
    <message>
        <source>Explain this ranking:</source>
        <translation>Begründen Sie diese Rangfolge:</translation>
    </message>
</context>
<context>
    <name>concord::ui::StatisticsExport</name>
    <message>
        <source>CSV (*.csv);;Markdown (*.md);;LaTeX (*.tex)</source>
        <translation>CSV (*.csv);;Markdown (*.md);;LaTeX (*.tex)</translation>
    </message>
</context>
<context>
    <name>concord::ui::StatisticsExportDialog</name>
    <message>
        <source>Export Statistics Table</source>
        <translation>Statistiktabelle exportieren</translation>
    </message>
    <message>
        <source>Correlation with a human group (dataset, system, summary, per-system, meta)</source>
        <translation>Korrelation mit einer Menschengruppe (Datensatz, System, Zusammenfassung, pro System, Meta)</translation>
    </message>
    <message>
        <source>Agreement: Krippendorff&apos;s alpha per dimension</source>
        <translation>Übereinstimmung: Krippendorffs Alpha pro Dimension</translation>
    </message>
    <message>
        <source>&amp;Table:</source>
        <translation>&amp;Tabelle:</translation>
    </message>
    <message>
        <source>&amp;Rater:</source>
        <translation>&amp;Rater:</translation>
    </message>
    <message>
        <source>Human &amp;group:</source>
        <translation>Menschen&amp;gruppe:</translation>
    </message>
    <message>
        <source>(humans only)</source>
        <translation>(nur Menschen)</translation>
    </message>
    <message>
        <source>Pairwise: head-to-head success, LLMCompare and position bias per judge and dimension</source>
        <translation>Paarweise: H2H-Erfolg, LLMCompare und Positionsverzerrung pro Bewerter und Dimension</translation>
    </message>
    <message>
        <source>Estimates: each system&apos;s human mean from a share of the labels (the Estimates tab&apos;s settings)</source>
        <translation>Schätzungen: der Mittelwert der Menschen je System aus einem Anteil der Labels (die Einstellungen der Registerkarte „Schätzungen“)</translation>
    </message>
    <message>
        <source>agree-or-tie: a win needs both orders</source>
        <translation>agree-or-tie: ein Sieg braucht beide Reihenfolgen</translation>
    </message>
    <message>
        <source>points: each order counts half a document</source>
        <translation>points: jede Reihenfolge zählt ein halbes Dokument</translation>
    </message>
    <message>
        <source>&amp;Head-to-head rule:</source>
        <translation>&amp;H2H-Regel:</translation>
    </message>
    <message>
        <source>(every judge)</source>
        <translation>(alle Bewerter)</translation>
    </message>
</context>
<context>
    <name>concord::ui::StatsTableModel</name>
    <message>
        <source>undefined</source>
        <translation>undefiniert</translation>
    </message>
</context>
<context>
    <name>concord::ui::TableImportDialog</name>
    <message>
        <source>Import Table</source>
        <translation>Tabelle importieren</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>Durch&amp;suchen…</translation>
    </message>
    <message>
        <source>JSON Lines</source>
        <translation>JSON Lines</translation>
    </message>
    <message>
        <source>CSV (comma-separated)</source>
        <translation>CSV (kommagetrennt)</translation>
    </message>
    <message>
        <source>TSV (tab-separated)</source>
        <translation>TSV (tabulatorgetrennt)</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;Datei:</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>&amp;Format:</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>&amp;Importieren</translation>
    </message>
    <message>
        <source>Tables (*.jsonl *.json *.csv *.tsv *.txt);;All files (*)</source>
        <translation>Tabellen (*.jsonl *.json *.csv *.tsv *.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Choose a file to import.</source>
        <translation>Wählen Sie eine Datei zum Importieren.</translation>
    </message>
    <message>
        <source>&amp;Document id:</source>
        <translation>Dok&amp;ument-ID:</translation>
    </message>
    <message>
        <source>Ar&amp;ticle:</source>
        <translation>&amp;Artikel:</translation>
    </message>
    <message>
        <source>Re&amp;quirement:</source>
        <translation>Anf&amp;orderung:</translation>
    </message>
    <message>
        <source>S&amp;ystem:</source>
        <translation>S&amp;ystem:</translation>
    </message>
    <message>
        <source>S&amp;ummary:</source>
        <translation>&amp;Zusammenfassung:</translation>
    </message>
    <message>
        <source>&amp;Rater:</source>
        <translation>&amp;Rater:</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>&amp;Gruppe:</translation>
    </message>
    <message>
        <source>Di&amp;mension:</source>
        <translation>Di&amp;mension:</translation>
    </message>
    <message>
        <source>&amp;Value:</source>
        <translation>&amp;Wert:</translation>
    </message>
    <message>
        <source>Each checked column holds ratings on the dimension of its name (score.NAME).</source>
        <translation>Jede markierte Spalte enthält Bewertungen der gleichnamigen Dimension (score.NAME).</translation>
    </message>
    <message>
        <source>Rating columns (&amp;wide format):</source>
        <translation>Bewertungsspalten (brei&amp;tes Format):</translation>
    </message>
    <message>
        <source>This file is a Concord export: it is read by its own columns, every kind of row, so the column mapping does not apply.</source>
        <translation>Diese Datei ist ein Concord-Export: Sie wird mit jeder Art von Zeile nach ihren eigenen Spalten gelesen, die Spaltenzuordnung gilt daher nicht.</translation>
    </message>
    <message>
        <source>&amp;Preview (the first rows as they will be imported):</source>
        <translation>&amp;Vorschau (die ersten Zeilen, wie sie importiert werden):</translation>
    </message>
    <message>
        <source>&amp;Errors:</source>
        <translation>Fe&amp;hler:</translation>
    </message>
    <message>
        <source>(not in file)</source>
        <translation>(nicht in der Datei)</translation>
    </message>
    <message>
        <source>Checking the whole file against the study…</source>
        <translation>Die ganze Datei wird mit der Studie abgeglichen…</translation>
    </message>
    <message>
        <source>No errors in the whole file (rows checked: %1). Nothing is written until you click Import.</source>
        <translation>Keine Fehler in der ganzen Datei (geprüfte Zeilen: %1). Geschrieben wird erst, wenn Sie auf „Importieren“ klicken.</translation>
    </message>
    <message>
        <source>Fix the errors above (or choose other columns) to import.</source>
        <translation>Beheben Sie die Fehler oben (oder wählen Sie andere Spalten), um zu importieren.</translation>
    </message>
    <message>
        <source> (choose its column in the box &quot;%1&quot;)</source>
        <translation> (wählen Sie ihre Spalte im Feld „%1“)</translation>
    </message>
    <message>
        <source>%1: </source>
        <translation>%1: </translation>
    </message>
    <message>
        <source>Rater's &amp;name (no rater column):</source>
        <translation>&amp;Name des Raters (ohne Rater-Spalte):</translation>
    </message>
    <message>
        <source> (type a name in the box &quot;%1&quot;)</source>
        <translation> (geben Sie einen Namen im Feld „%1“ ein)</translation>
    </message>
    <message>
        <source>Who gave every rating of a file without a rater column: a person, added to the study unless it has a rater of this name.</source>
        <translation>Wer jede Bewertung einer Datei ohne Rater-Spalte abgegeben hat: eine Person, die der Studie hinzugefügt wird, sofern sie keinen Rater dieses Namens hat.</translation>
    </message>
    <message>
        <source>e.g. expert or crowd</source>
        <translation>z. B. expert oder crowd</translation>
    </message>
    <message>
        <source>The group of that rater: one of the study's groups, or a new one.</source>
        <translation>Die Gruppe dieses Raters: eine der Gruppen der Studie oder eine neue.</translation>
    </message>
    <message>
        <source>R&amp;ater's group:</source>
        <translation>Gru&amp;ppe des Raters:</translation>
    </message>
</context>
<context>
    <name>concord::ui::TablePreviewModel</name>
    <message>
        <source>Line %1 of the file</source>
        <translation>Zeile %1 der Datei</translation>
    </message>
</context>
<context>
    <name>concord::ui::TeamStatusIndicator</name>
    <message>
        <source>Team study server</source>
        <translation>Server der Teamstudie</translation>
    </message>
    <message>
        <source>Connected to %1: the edits made while the connection was lost are being sent.</source>
        <translation>Verbunden mit %1: Die Änderungen, die während der Verbindungsunterbrechung gemacht wurden, werden gesendet.</translation>
    </message>
    <message>
        <source>Connected to %1: every edit is saved on the server.</source>
        <translation>Verbunden mit %1: Jede Änderung wird auf dem Server gespeichert.</translation>
    </message>
    <message>
        <source>Connected to %1 read only: this study cannot be changed from here.</source>
        <translation>Schreibgeschützt mit %1 verbunden: Diese Studie kann von hier aus nicht geändert werden.</translation>
    </message>
    <message>
        <source>Server connected</source>
        <translation>Server verbunden</translation>
    </message>
    <message>
        <source>Offline</source>
        <translation>Offline</translation>
    </message>
    <message>
        <source>The connection to %1 was lost; Concord keeps trying. Your edits are kept on this computer and sent when the server is back.</source>
        <translation>Die Verbindung zu %1 wurde unterbrochen; Concord versucht es weiter. Ihre Änderungen bleiben auf diesem Computer und werden gesendet, sobald der Server wieder erreichbar ist.</translation>
    </message>
    <message>
        <source>Server read only</source>
        <translation>Server schreibgeschützt</translation>
    </message>
    <message>
        <source>Unsent: %1</source>
        <translation>Nicht gesendet: %1</translation>
    </message>
    <message>
        <source>Sending failed: %1. Concord tries again in %2 s, and waits longer after each failure.</source>
        <translation>Senden fehlgeschlagen: %1. Concord versucht es in %2 s erneut und wartet nach jedem Fehlschlag länger.</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
    <message>
        <source>The server refused edits it would not keep; Annotate &gt; Refused Edits… lists them with its reasons, to enter them again or drop them.</source>
        <translation>Der Server hat Änderungen abgelehnt, die er nicht speichern würde; Annotieren &gt; Abgelehnte Änderungen… listet sie mit seinen Gründen auf, um sie erneut einzugeben oder zu verwerfen.</translation>
    </message>
</context>
<context>
    <name>concord::ui::TeamStudyDialog</name>
    <message>
        <source>connected as %1, but the database %2 holds no Concord study; a study lead publishes one with concord-cli publish</source>
        <translation>verbunden als %1, aber die Datenbank %2 enthält keine Concord-Studie; eine Studienleitung veröffentlicht eine mit concord-cli publish</translation>
    </message>
    <message>
        <source>connected as %1, but the study in %2 has schema version %3, and this Concord reads version %4</source>
        <translation>verbunden als %1, aber die Studie in %2 hat die Schemaversion %3, und dieses Concord liest Version %4</translation>
    </message>
    <message>
        <source>Connected as %1 (study lead) to the team study %2.</source>
        <translation>Als %1 (Studienleitung) mit der Teamstudie %2 verbunden.</translation>
    </message>
    <message>
        <source>Connected as %1 (annotator) to the team study %2.</source>
        <translation>Als %1 (Annotator) mit der Teamstudie %2 verbunden.</translation>
    </message>
    <message>
        <source>Connected as %1 to the team study %2.</source>
        <translation>Als %1 mit der Teamstudie %2 verbunden.</translation>
    </message>
    <message>
        <source>Open Team Study</source>
        <translation>Teamstudie öffnen</translation>
    </message>
    <message>
        <source>A team study lives on a PostgreSQL server. Enter its connection string. Your password comes from ~/.pgpass, PGPASSWORD, a service file or a client certificate; Concord never stores one.</source>
        <translation>Eine Teamstudie liegt auf einem PostgreSQL-Server. Geben Sie ihre Verbindungszeichenfolge ein. Ihr Passwort kommt aus ~/.pgpass, PGPASSWORD, einer Dienstdatei oder einem Client-Zertifikat; Concord speichert nie eines.</translation>
    </message>
    <message>
        <source>&amp;Connection:</source>
        <translation>&amp;Verbindung:</translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation>Verbindung &amp;testen</translation>
    </message>
    <message>
        <source>Enter a URI (postgresql://user@host/database) or keywords (host=… dbname=…).</source>
        <translation>Geben Sie eine URI (postgresql://benutzer@host/datenbank) oder Schlüsselwörter (host=… dbname=…) ein.</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Verbindung zu %1 wird hergestellt…</translation>
    </message>
</context>
<context>
    <name>concord::ui::TemplateEditor</name>
    <message>
        <source>D&amp;uplicate to Edit</source>
        <translation>Zum Bearbeiten dupli&amp;zieren</translation>
    </message>
    <message>
        <source>Use &amp;Shipped Template</source>
        <translation>Mitgelieferte Vorlage ver&amp;wenden</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Version:</source>
        <translation>Version:</translation>
    </message>
    <message>
        <source>Preview with the current item:</source>
        <translation>Vorschau mit dem aktuellen Eintrag:</translation>
    </message>
    <message>
        <source>%1 (custom)</source>
        <translation>%1 (angepasst)</translation>
    </message>
    <message>
        <source>Edited copy: the next run of %1 uses it, and the study keeps it.</source>
        <translation>Bearbeitete Kopie: Der nächste Lauf von %1 verwendet sie, und die Studie bewahrt sie auf.</translation>
    </message>
    <message>
        <source>Shipped template of %1 (read only: duplicate it to edit).</source>
        <translation>Mitgelieferte Vorlage von %1 (schreibgeschützt: Duplizieren Sie sie zum Bearbeiten).</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>(no preview: the template does not parse)</source>
        <translation>(keine Vorschau: die Vorlage ist nicht lesbar)</translation>
    </message>
    <message>
        <source>Placeholders: %1</source>
        <translation>Platzhalter: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>The template parses. Open a study with documents to see a preview.</source>
        <translation>Die Vorlage ist lesbar. Öffnen Sie eine Studie mit Dokumenten, um eine Vorschau zu sehen.</translation>
    </message>
    <message>
        <source>(no item to preview)</source>
        <translation>(kein Eintrag für die Vorschau)</translation>
    </message>
    <message>
        <source>Error with %1: %2</source>
        <translation>Fehler bei %1: %2</translation>
    </message>
    <message>
        <source>(no preview: %1)</source>
        <translation>(keine Vorschau: %1)</translation>
    </message>
    <message>
        <source>The template parses and fills for %1.</source>
        <translation>Die Vorlage ist lesbar und lässt sich für %1 füllen.</translation>
    </message>
</context>
<context>
    <name>concord::ui::UnitChecklistModel</name>
    <message>
        <source>not answered</source>
        <translation>nicht beantwortet</translation>
    </message>
    <message>
        <source>present</source>
        <translation>vorhanden</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Not answered yet: Y or 1 marks it present, N or 0 absent</source>
        <translation>Noch nicht beantwortet: Y oder 1 markiert sie als vorhanden, N oder 0 als fehlend</translation>
    </message>
    <message>
        <source>Present: the summary contains this unit</source>
        <translation>Vorhanden: Die Zusammenfassung enthält diese Einheit</translation>
    </message>
    <message>
        <source>Absent: the summary does not contain this unit</source>
        <translation>Fehlt: Die Zusammenfassung enthält diese Einheit nicht</translation>
    </message>
</context>
<context>
    <name>concord::ui::UserGuide</name>
    <message>
        <source>&amp;User Guide</source>
        <translation>&amp;Benutzerhandbuch</translation>
    </message>
    <message>
        <source>Concord User Guide</source>
        <translation>Concord-Benutzerhandbuch</translation>
    </message>
</context>
<context>
    <name>language</name>
    <message>
        <source>&amp;Language</source>
        <translation>S&amp;prache</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>The language changes when Concord starts again.</source>
        <translation>Die Sprache wechselt beim nächsten Start von Concord.</translation>
    </message>
    <message>
        <source>&amp;System Language</source>
        <translation>&amp;Systemsprache</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Unexpected error</source>
        <translation>Unerwarteter Fehler</translation>
    </message>
    <message>
        <source>Concord: people and LLM judges evaluate summaries, and see how far they agree.
Without STUDY, Concord opens the study opened last (the first of File &gt; Open Recent), or its demo study.</source>
        <translation>Concord: Menschen und LLM-Bewerter beurteilen Zusammenfassungen und sehen, wie weit sie übereinstimmen.
Ohne STUDY öffnet Concord die zuletzt geöffnete Studie (die erste unter Datei &gt; Zuletzt geöffnet) oder seine Demo-Studie.</translation>
    </message>
    <message>
        <source>Render the main window into the PNG file FILE and exit.</source>
        <translation>Das Hauptfenster in die PNG-Datei FILE rendern und beenden.</translation>
    </message>
    <message>
        <source>Show the view NAME (with --screenshot: the view to render).</source>
        <translation>Die Ansicht NAME zeigen (mit --screenshot: die zu rendernde Ansicht).</translation>
    </message>
    <message>
        <source>The study file (*.concord) to open.</source>
        <translation>Die zu öffnende Studiendatei (*.concord).</translation>
    </message>
    <message>
        <source>give at most one study file (see --help)</source>
        <translation>geben Sie höchstens eine Studiendatei an (siehe --help)</translation>
    </message>
    <message>
        <source>unknown view &apos;%1&apos;; known views: %2</source>
        <translation>unbekannte Ansicht „%1“; bekannte Ansichten: %2</translation>
    </message>
    <message>
        <source>cannot create the demo study: %1</source>
        <translation>die Demo-Studie kann nicht angelegt werden: %1</translation>
    </message>
    <message>
        <source>Cannot open the study</source>
        <translation>Die Studie kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Annotate as NAME (default: the last annotator).</source>
        <translation>Als NAME annotieren (Vorgabe: der zuletzt verwendete Annotator).</translation>
    </message>
    <message>
        <source>Use the colour scheme NAME: system, light or dark (default: the one chosen in View &gt; Colour Scheme).</source>
        <translation>Das Farbschema NAME verwenden: system, light oder dark (Vorgabe: das unter Ansicht &gt; Farbschema gewählte).</translation>
    </message>
    <message>
        <source>unknown colour scheme &apos;%1&apos;; known: system, light, dark</source>
        <translation>unbekanntes Farbschema „%1“; bekannt: system, light, dark</translation>
    </message>
</context>
<context>
    <name>concord::ui::RefusedEditsDialog</name>
    <message>
        <source>Refused Edits</source>
        <translation>Abgelehnte Änderungen</translation>
    </message>
    <message>
        <source>The server refused these edits: they break a rule the study keeps (its reason says which). Enter them again once the study&apos;s lead has mended what they were refused for, or drop them.</source>
        <translation>Der Server hat diese Änderungen abgelehnt: Sie verletzen eine Regel der Studie (sein Grund nennt sie). Geben Sie sie erneut ein, sobald die Studienleitung behoben hat, weshalb sie abgelehnt wurden, oder verwerfen Sie sie.</translation>
    </message>
    <message>
        <source>&amp;Enter Again</source>
        <translation>Erneut &amp;eingeben</translation>
    </message>
    <message>
        <source>&amp;Drop</source>
        <translation>&amp;Verwerfen</translation>
    </message>
</context>
<context>
    <name>concord::ui::RefusedEditsModel</name>
    <message>
        <source>Rating %1</source>
        <translation>Bewertung %1</translation>
    </message>
    <message>
        <source>Rating cleared</source>
        <translation>Bewertung gelöscht</translation>
    </message>
    <message>
        <source>Ranking removed</source>
        <translation>Rangfolge entfernt</translation>
    </message>
    <message>
        <source>Ranking</source>
        <translation>Rangfolge</translation>
    </message>
    <message>
        <source>Error span “%1”</source>
        <translation>Fehlerabschnitt „%1“</translation>
    </message>
    <message>
        <source>Error span “%1” removed</source>
        <translation>Fehlerabschnitt „%1“ entfernt</translation>
    </message>
    <message>
        <source>Note on error span “%1”</source>
        <translation>Notiz zum Fehlerabschnitt „%1“</translation>
    </message>
    <message>
        <source>Explanation removed</source>
        <translation>Begründung entfernt</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>Begründung</translation>
    </message>
    <message>
        <source>Unit %1 present</source>
        <translation>Inhaltseinheit %1 vorhanden</translation>
    </message>
    <message>
        <source>Unit %1 absent</source>
        <translation>Inhaltseinheit %1 fehlt</translation>
    </message>
    <message>
        <source>Unit %1 not answered</source>
        <translation>Inhaltseinheit %1 nicht beantwortet</translation>
    </message>
    <message>
        <source>Order of the summaries</source>
        <translation>Reihenfolge der Zusammenfassungen</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Änderung</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>Why the server refused it</source>
        <translation>Warum der Server sie abgelehnt hat</translation>
    </message>
</context>
<context>
    <name>concord::ui::StudySession</name>
    <message>
        <source>The server refused an edit: %1. Annotate &gt; Refused Edits… shows it, to enter it again or drop it.</source>
        <translation>Der Server hat eine Änderung abgelehnt: %1. Annotieren &gt; Abgelehnte Änderungen… zeigt sie, um sie erneut einzugeben oder zu verwerfen.</translation>
    </message>
    <message>
        <source>The server refused %1 edits; the first: %2. Annotate &gt; Refused Edits… shows them, to enter them again or drop them.</source>
        <translation>Der Server hat %1 Änderungen abgelehnt; die erste: %2. Annotieren &gt; Abgelehnte Änderungen… zeigt sie, um sie erneut einzugeben oder zu verwerfen.</translation>
    </message>
</context>
<context>
    <name>concord::ui::TeamProgressModel</name>
    <message>
        <source>Group: %1</source>
        <translation>Gruppe: %1</translation>
    </message>
    <message>
        <source>Annotator</source>
        <translation>Annotator</translation>
    </message>
    <message>
        <source>Assigned</source>
        <translation>Zugewiesen</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Accepted</source>
        <translation>Angenommen</translation>
    </message>
    <message>
        <source>Rejected</source>
        <translation>Abgelehnt</translation>
    </message>
    <message>
        <source>Alpha without</source>
        <translation>Alpha ohne</translation>
    </message>
    <message>
        <source>r with others</source>
        <translation>r mit den anderen</translation>
    </message>
    <message>
        <source>Competence</source>
        <translation>Kompetenz</translation>
    </message>
    <message>
        <source>Time per document</source>
        <translation>Zeit pro Dokument</translation>
    </message>
    <message>
        <source>The median over the documents whose time is known (%1); %2 of work in all</source>
        <translation>Der Median über die Dokumente mit bekannter Zeit (%1); insgesamt %2 Arbeit</translation>
    </message>
    <message>
        <source>No edit of theirs was made in the Annotate view</source>
        <translation>Keine ihrer Änderungen wurde in der Ansicht Annotieren gemacht</translation>
    </message>
</context>
<context>
    <name>concord::ui::TeamView</name>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>Compute the team&apos;s progress again (F5)</source>
        <translation>Den Fortschritt des Teams neu berechnen (F5)</translation>
    </message>
    <message>
        <source>&amp;Group:</source>
        <translation>&amp;Gruppe:</translation>
    </message>
    <message>
        <source>&amp;Dimension:</source>
        <translation>&amp;Dimension:</translation>
    </message>
    <message>
        <source>The human group whose agreement columns are shown</source>
        <translation>Die Gruppe von Menschen, deren Übereinstimmungsspalten gezeigt werden</translation>
    </message>
    <message>
        <source>The Likert dimension the agreement columns are computed on</source>
        <translation>Die Likert-Dimension, auf der die Übereinstimmungsspalten berechnet werden</translation>
    </message>
    <message>
        <source>Assigned documents done</source>
        <translation>Fertige zugewiesene Dokumente</translation>
    </message>
    <message>
        <source>Open a study to see its team&apos;s progress.</source>
        <translation>Öffnen Sie eine Studie, um den Fortschritt ihres Teams zu sehen.</translation>
    </message>
    <message>
        <source>The Team view is the study lead&apos;s: a blind session of a team study (an annotator&apos;s or a reviewer&apos;s) does not show it.</source>
        <translation>Die Team-Ansicht ist für die Studienleitung: Eine verblindete Sitzung einer Teamstudie (eines Annotators oder Reviewers) zeigt sie nicht.</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>Cannot compute: %1</source>
        <translation>Berechnung nicht möglich: %1</translation>
    </message>
    <message>
        <source>%1 annotators, %2 documents</source>
        <translation>%1 Annotatoren, %2 Dokumente</translation>
    </message>
    <message>
        <source>; agreement not computed: %1</source>
        <translation>; Übereinstimmung nicht berechnet: %1</translation>
    </message>
    <message>
        <source>; the group&apos;s alpha %1</source>
        <translation>; Alpha der Gruppe %1</translation>
    </message>
    <message>
        <source>Done (%)</source>
        <translation>Fertig (%)</translation>
    </message>
    <message>
        <source>Documents finished per hour</source>
        <translation>Abgeschlossene Dokumente pro Stunde</translation>
    </message>
    <message>
        <source>Each person&apos;s documents counted in the hour of their last edit, from the times of the edits made in the Annotate view</source>
        <translation>Die Dokumente jeder Person, gezählt in der Stunde ihrer letzten Änderung, nach den Zeiten der Änderungen in der Ansicht Annotieren</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
</context>
<context>
    <name>concord::ui::AdjudicateDialog</name>
    <message>
        <source>&amp;Take the labels of</source>
        <translation>&amp;Labels übernehmen von</translation>
    </message>
    <message>
        <source>T&amp;ype the labels</source>
        <translation>Labels &amp;eingeben</translation>
    </message>
    <message>
        <source>Adjudicate</source>
        <translation>Schlichten</translation>
    </message>
    <message>
        <source>This login does not see which system wrote a summary: take an annotator&apos;s labels.</source>
        <translation>Diese Anmeldung sieht nicht, welches System eine Zusammenfassung geschrieben hat: Übernehmen Sie die Labels eines Annotators.</translation>
    </message>
    <message>
        <source>The final labels of %1, stored as the rater “adjudicated”.</source>
        <translation>Die endgültigen Labels von %1, gespeichert als Rater „adjudicated“.</translation>
    </message>
    <message>
        <source>&amp;Dimension:</source>
        <translation>&amp;Dimension:</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Summary %1</source>
        <translation>Zusammenfassung %1</translation>
    </message>
    <message>
        <source>&amp;Comment:</source>
        <translation>&amp;Kommentar:</translation>
    </message>
    <message>
        <source>The study has no Likert dimension to adjudicate.</source>
        <translation>Die Studie hat keine Likert-Dimension zum Schlichten.</translation>
    </message>
    <message>
        <source>Nobody has work on this document whose labels could be taken.</source>
        <translation>Niemand hat an diesem Dokument gearbeitet, dessen Labels übernommen werden könnten.</translation>
    </message>
    <message>
        <source>Type a label for at least one summary.</source>
        <translation>Geben Sie für mindestens eine Zusammenfassung ein Label ein.</translation>
    </message>
</context>
<context>
    <name>concord::ui::RejectDialog</name>
    <message>
        <source>Reject Work</source>
        <translation>Arbeit zurückweisen</translation>
    </message>
    <message>
        <source>What should change (required)</source>
        <translation>Was sich ändern soll (erforderlich)</translation>
    </message>
    <message>
        <source>Back to %1</source>
        <translation>Zurück an %1</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Zurückweisen</translation>
    </message>
    <message>
        <source>Reject %1&apos;s work on %2.</source>
        <translation>Die Arbeit von %1 an %2 zurückweisen.</translation>
    </message>
    <message>
        <source>&amp;Comment:</source>
        <translation>&amp;Kommentar:</translation>
    </message>
    <message>
        <source>&amp;Send to:</source>
        <translation>&amp;Senden an:</translation>
    </message>
    <message>
        <source>A rejection needs a comment that says what to change.</source>
        <translation>Eine Zurückweisung braucht einen Kommentar, der sagt, was sich ändern soll.</translation>
    </message>
</context>
<context>
    <name>concord::ui::ReviewQueueModel</name>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>angenommen</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>zurückgewiesen</translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation>geschlichtet</translation>
    </message>
    <message>
        <source>Mean over %1 summary and dimension pairs rated by two or more people of the ratings&apos; range divided by the scale&apos;s (0: all agree, 1: the scale&apos;s ends)</source>
        <translation>Mittelwert über %1 Paare aus Zusammenfassung und Dimension, von zwei oder mehr Personen bewertet, der Spannweite der Bewertungen geteilt durch die der Skala (0: alle gleich, 1: die Enden der Skala)</translation>
    </message>
    <message>
        <source>No summary is rated by two or more people yet</source>
        <translation>Noch keine Zusammenfassung ist von zwei oder mehr Personen bewertet</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>Dokument</translation>
    </message>
    <message>
        <source>Annotators</source>
        <translation>Annotatoren</translation>
    </message>
    <message>
        <source>Disagreement</source>
        <translation>Abweichung</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
</context>
<context>
    <name>concord::ui::ReviewView</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>not decided</source>
        <translation>nicht entschieden</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>Startwert:</translation>
    </message>
    <message>
        <source>Most disputed first</source>
        <translation>Größte Abweichung zuerst</translation>
    </message>
    <message>
        <source>Random (seeded)</source>
        <translation>Zufällig (mit Startwert)</translation>
    </message>
    <message>
        <source>By annotator</source>
        <translation>Nach Annotator</translation>
    </message>
    <message>
        <source>The same seed gives the same order every time</source>
        <translation>Derselbe Startwert ergibt jedes Mal dieselbe Reihenfolge</translation>
    </message>
    <message>
        <source>Everyone&apos;s work</source>
        <translation>Arbeit aller</translation>
    </message>
    <message>
        <source>All Likert dimensions</source>
        <translation>Alle Likert-Dimensionen</translation>
    </message>
    <message>
        <source>Whose work on the document Accept and Reject decide on</source>
        <translation>Über wessen Arbeit am Dokument Annehmen und Zurückweisen entscheiden</translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation>&amp;Annehmen</translation>
    </message>
    <message>
        <source>Accept the chosen annotator&apos;s work on this document</source>
        <translation>Die Arbeit des gewählten Annotators an diesem Dokument annehmen</translation>
    </message>
    <message>
        <source>&amp;Reject…</source>
        <translation>&amp;Zurückweisen…</translation>
    </message>
    <message>
        <source>Reject the chosen annotator&apos;s work with a comment, back to them or to another person</source>
        <translation>Die Arbeit des gewählten Annotators mit einem Kommentar zurückweisen, an ihn oder an eine andere Person</translation>
    </message>
    <message>
        <source>Ad&amp;judicate…</source>
        <translation>&amp;Schlichten…</translation>
    </message>
    <message>
        <source>Give the document&apos;s final labels on a dimension: one annotator&apos;s, or typed</source>
        <translation>Die endgültigen Labels des Dokuments auf einer Dimension festlegen: die eines Annotators oder eingegebene</translation>
    </message>
    <message>
        <source>Next Document</source>
        <translation>Nächstes Dokument</translation>
    </message>
    <message>
        <source>The next document of the queue</source>
        <translation>Das nächste Dokument der Warteschlange</translation>
    </message>
    <message>
        <source>Previous Document</source>
        <translation>Vorheriges Dokument</translation>
    </message>
    <message>
        <source>The previous document of the queue</source>
        <translation>Das vorherige Dokument der Warteschlange</translation>
    </message>
    <message>
        <source>Open in Annotate</source>
        <translation>In Annotieren öffnen</translation>
    </message>
    <message>
        <source>Show the document in the Annotate view</source>
        <translation>Das Dokument in der Ansicht Annotieren zeigen</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>Reihenfolge:</translation>
    </message>
    <message>
        <source>Annotator:</source>
        <translation>Annotator:</translation>
    </message>
    <message>
        <source>Dimension:</source>
        <translation>Dimension:</translation>
    </message>
    <message>
        <source>Work of:</source>
        <translation>Arbeit von:</translation>
    </message>
    <message>
        <source>The study lead and the reviewers review the team&apos;s work; an annotator&apos;s login sees only the decisions on their own work.</source>
        <translation>Die Studienleitung und die Prüfer prüfen die Arbeit des Teams; die Anmeldung eines Annotators sieht nur die Entscheidungen über die eigene Arbeit.</translation>
    </message>
    <message>
        <source>Reading the review queue…</source>
        <translation>Die Prüfwarteschlange wird gelesen…</translation>
    </message>
    <message>
        <source>Cannot read the review queue: %1</source>
        <translation>Die Prüfwarteschlange kann nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Nothing to review: no open work on any document.</source>
        <translation>Nichts zu prüfen: keine offene Arbeit an einem Dokument.</translation>
    </message>
    <message>
        <source>Documents to review: %1</source>
        <translation>Zu prüfende Dokumente: %1</translation>
    </message>
    <message>
        <source>Reading the ratings…</source>
        <translation>Die Bewertungen werden gelesen…</translation>
    </message>
    <message>
        <source>Cannot read the document&apos;s ratings: %1</source>
        <translation>Die Bewertungen des Dokuments können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Document %1 · summaries: %2 · annotators: %3</source>
        <translation>Dokument %1 · Zusammenfassungen: %2 · Annotatoren: %3</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation>geschlichtet</translation>
    </message>
    <message>
        <source>Summary %1</source>
        <translation>Zusammenfassung %1</translation>
    </message>
    <message>
        <source>No rating</source>
        <translation>Keine Bewertung</translation>
    </message>
    <message>
        <source>An annotator reviews nothing: the team study&apos;s lead and its reviewers accept, reject and adjudicate the team&apos;s work.</source>
        <translation>Ein Annotator prüft nichts: Die Studienleitung der Teamstudie und ihre Prüfer nehmen die Arbeit des Teams an, weisen sie zurück und schlichten.</translation>
    </message>
    <message>
        <source>Not recorded: %1</source>
        <translation>Nicht gespeichert: %1</translation>
    </message>
</context>
<context>
    <name>concord::ui::PanelDialog</name>
    <message>
        <source>Form Panel</source>
        <translation>Gremium bilden</translation>
    </message>
    <message>
        <source>Panel &amp;name:</source>
        <translation>&amp;Name des Gremiums:</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>Bewerter</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>Gewicht</translation>
    </message>
    <message>
        <source>Weight of %1</source>
        <translation>Gewicht von %1</translation>
    </message>
    <message>
        <source>&amp;Members (tick two or more):</source>
        <translation>&amp;Mitglieder (zwei oder mehr ankreuzen):</translation>
    </message>
    <message>
        <source>Mean of the scores</source>
        <translation>Mittelwert der Bewertungen</translation>
    </message>
    <message>
        <source>Median of the scores</source>
        <translation>Median der Bewertungen</translation>
    </message>
    <message>
        <source>Majority (a tie leaves the summary unscored)</source>
        <translation>Mehrheit (bei Gleichstand bleibt die Zusammenfassung unbewertet)</translation>
    </message>
    <message>
        <source>&amp;Combine by:</source>
        <translation>&amp;Zusammenführen nach:</translation>
    </message>
    <message>
        <source>A summary is scored where every member scored it. The panel is recomputed when a member&apos;s run or import stores new scores.</source>
        <translation>Eine Zusammenfassung wird bewertet, wo jedes Mitglied sie bewertet hat. Das Gremium wird neu berechnet, wenn ein Lauf oder Import eines Mitglieds neue Bewertungen speichert.</translation>
    </message>
    <message>
        <source>&amp;Form Panel</source>
        <translation>Gremium &amp;bilden</translation>
    </message>
    <message>
        <source>A panel needs two judges; the study has fewer that are not panels.</source>
        <translation>Ein Gremium braucht zwei Bewerter; die Studie hat weniger, die keine Gremien sind.</translation>
    </message>
    <message>
        <source>Name the panel.</source>
        <translation>Geben Sie dem Gremium einen Namen.</translation>
    </message>
    <message>
        <source>A rater of the study is named so already.</source>
        <translation>Ein Rater der Studie trägt diesen Namen bereits.</translation>
    </message>
    <message>
        <source>Tick two judges or more.</source>
        <translation>Kreuzen Sie zwei oder mehr Bewerter an.</translation>
    </message>
</context>
<context>
    <name>concord::ui::VersionsPanel</name>
    <message>
        <source>dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>system</source>
        <translation>System</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>▲ better</source>
        <translation>▲ besser</translation>
    </message>
    <message>
        <source>▼ worse</source>
        <translation>▼ schlechter</translation>
    </message>
    <message>
        <source>= the same</source>
        <translation>= gleich</translation>
    </message>
    <message>
        <source>%1 (%2 v%3)</source>
        <translation>%1 (%2 v%3)</translation>
    </message>
    <message>
        <source>Any version of the judge: its family is every judge run with the same provider, model and protocol, each member one version of its template.</source>
        <translation>Eine beliebige Version des Bewerters: Zu seiner Familie gehört jeder Bewerter, der mit demselben Anbieter, Modell und Protokoll lief, jedes Mitglied eine Version seiner Vorlage.</translation>
    </message>
    <message>
        <source>Test split</source>
        <translation>Testteil (test)</translation>
    </message>
    <message>
        <source>Dev split</source>
        <translation>Entwicklungsteil (dev)</translation>
    </message>
    <message>
        <source>All documents</source>
        <translation>Alle Dokumente</translation>
    </message>
    <message>
        <source>A template tuned on the dev documents is judged on the test split, where it saw no item (concord-cli split makes the split).</source>
        <translation>Eine auf den Entwicklungsdokumenten abgestimmte Vorlage wird auf dem Testteil beurteilt, wo sie keinen Eintrag gesehen hat (concord-cli split legt die Aufteilung an).</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>Be&amp;werter:</translation>
    </message>
    <message>
        <source>D&amp;ocuments:</source>
        <translation>D&amp;okumente:</translation>
    </message>
    <message>
        <source>Di&amp;mension:</source>
        <translation>Di&amp;mension:</translation>
    </message>
    <message>
        <source>Open a study with a judge run with several templates.</source>
        <translation>Öffnen Sie eine Studie mit einem Bewerter, der mit mehreren Vorlagen lief.</translation>
    </message>
    <message>
        <source>Versions</source>
        <translation>Versionen</translation>
    </message>
    <message>
        <source>Comparing versions needs a judge and a group of humans.</source>
        <translation>Der Vergleich von Versionen braucht einen Bewerter und eine Gruppe von Menschen.</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>Cannot compare the versions: %1</source>
        <translation>Die Versionen können nicht verglichen werden: %1</translation>
    </message>
    <message>
        <source>test documents</source>
        <translation>Testdokumente</translation>
    </message>
    <message>
        <source>dev documents</source>
        <translation>Entwicklungsdokumente</translation>
    </message>
    <message>
        <source>every document</source>
        <translation>alle Dokumente</translation>
    </message>
    <message>
        <source>%1 is the only version of %2 %3 (%4): nothing to compare it with.</source>
        <translation>%1 ist die einzige Version von %2 %3 (%4): Es gibt nichts zum Vergleichen.</translation>
    </message>
    <message>
        <source>%1 against %2 on %3, %4 level, %5: %6</source>
        <translation>%1 gegen %2 bei %3, Ebene %4, %5: %6</translation>
    </message>
    <message>
        <source>%1, %2 level: r = %3, interval %4 to %5, n = %6</source>
        <translation>%1, Ebene %2: r = %3, Intervall %4 bis %5, n = %6</translation>
    </message>
    <message>
        <source>%1 v%2 (mixed)</source>
        <translation>%1 v%2 (gemischt)</translation>
    </message>
    <message>
        <source>%1 v%2</source>
        <translation>%1 v%2</translation>
    </message>
    <message>
        <source>— (first)</source>
        <translation>— (erste)</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>Vorlage</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>r</source>
        <translation>r</translation>
    </message>
    <message>
        <source>Interval low</source>
        <translation>Intervall unten</translation>
    </message>
    <message>
        <source>Interval high</source>
        <translation>Intervall oben</translation>
    </message>
    <message>
        <source>Against the one before</source>
        <translation>Gegen die vorige</translation>
    </message>
    <message>
        <source>Williams p</source>
        <translation>Williams-p</translation>
    </message>
    <message>
        <source>Permutation p</source>
        <translation>Permutations-p</translation>
    </message>
    <message>
        <source>Versions of %1 %2 (%3) with the %4 mean on %5, %6</source>
        <translation>Versionen von %1 %2 (%3) mit dem Mittelwert von %4 bei %5, %6</translation>
    </message>
    <message>
        <source>Pearson r</source>
        <translation>Pearson r</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgeCardPanel</name>
    <message>
        <source>Agreement against the human ceiling</source>
        <translation>Übereinstimmung gegen die menschliche Obergrenze</translation>
    </message>
    <message>
        <source>Alpha with the humans</source>
        <translation>Alpha mit den Menschen</translation>
    </message>
    <message>
        <source>Invalid answers</source>
        <translation>Ungültige Antworten</translation>
    </message>
    <message>
        <source>Flips when the order is swapped</source>
        <translation>Wechsel bei vertauschter Reihenfolge</translation>
    </message>
    <message>
        <source>Length bias beyond the humans'</source>
        <translation>Längenverzerrung über die der Menschen hinaus</translation>
    </message>
    <message>
        <source>Calibration error (ECE)</source>
        <translation>Kalibrierungsfehler (ECE)</translation>
    </message>
    <message>
        <source>✔ pass</source>
        <translation>✔ erfüllt</translation>
    </message>
    <message>
        <source>✘ fail</source>
        <translation>✘ verfehlt</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>nicht gemessen</translation>
    </message>
    <message>
        <source>dataset</source>
        <translation>Datensatz</translation>
    </message>
    <message>
        <source>system</source>
        <translation>System</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>Zusammenfassung</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>Be&amp;werter:</translation>
    </message>
    <message>
        <source>Share of the &amp;ceiling ≥</source>
        <translation>Anteil der &amp;Obergrenze ≥</translation>
    </message>
    <message>
        <source>&amp;Alpha ≥</source>
        <translation>&amp;Alpha ≥</translation>
    </message>
    <message>
        <source>&amp;Invalid ≤</source>
        <translation>&amp;Ungültig ≤</translation>
    </message>
    <message>
        <source>&amp;Flips ≤</source>
        <translation>&amp;Wechsel ≤</translation>
    </message>
    <message>
        <source>&amp;Length bias ≤</source>
        <translation>&amp;Längenverzerrung ≤</translation>
    </message>
    <message>
        <source>&amp;ECE ≤</source>
        <translation>&amp;ECE ≤</translation>
    </message>
    <message>
        <source>Open a study with a judge and a group of humans.</source>
        <translation>Öffnen Sie eine Studie mit einem Bewerter und einer Gruppe von Menschen.</translation>
    </message>
    <message>
        <source>Judge card</source>
        <translation>Bewerterkarte</translation>
    </message>
    <message>
        <source>A judge card needs a judge and a group of humans.</source>
        <translation>Eine Bewerterkarte braucht einen Bewerter und eine Gruppe von Menschen.</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>no card</source>
        <translation>keine Karte</translation>
    </message>
    <message>
        <source>Cannot make the judge card: %1</source>
        <translation>Die Bewerterkarte kann nicht erstellt werden: %1</translation>
    </message>
    <message>
        <source>%1: nothing could be checked (%2 not measured).</source>
        <translation>%1: nichts konnte geprüft werden (%2 nicht gemessen).</translation>
    </message>
    <message>
        <source>%1 meets every bound checked: %2 of %2, %3 not measured.</source>
        <translation>%1 erfüllt jede geprüfte Schranke: %2 von %2, %3 nicht gemessen.</translation>
    </message>
    <message>
        <source>%1 fails %2 of %3 bounds checked: %4.</source>
        <translation>%1 verfehlt %2 von %3 geprüften Schranken: %4.</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Maß</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>Dimension</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Vergleichswert</translation>
    </message>
    <message>
        <source>Bound</source>
        <translation>Schranke</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Correlation (%1), human ceiling beside</source>
        <translation>Korrelation (%1), menschliche Obergrenze daneben</translation>
    </message>
    <message>
        <source>Alpha with the humans (the humans alone beside)</source>
        <translation>Alpha mit den Menschen (die Menschen allein daneben)</translation>
    </message>
    <message>
        <source>First-shown summary wins</source>
        <translation>Zuerst gezeigte Zusammenfassung gewinnt</translation>
    </message>
    <message>
        <source>Tau-b with length (the humans' beside)</source>
        <translation>Tau-b mit der Länge (das der Menschen daneben)</translation>
    </message>
    <message>
        <source>%1 bins</source>
        <translation>%1 Klassen</translation>
    </message>
    <message>
        <source>ECE, equal-width bins</source>
        <translation>ECE, Klassen gleicher Breite</translation>
    </message>
    <message>
        <source>ECE, equal-mass bins</source>
        <translation>ECE, Klassen gleicher Besetzung</translation>
    </message>
    <message>
        <source>Brier score</source>
        <translation>Brier-Score</translation>
    </message>
    <message>
        <source>Self-consistency</source>
        <translation>Selbstkonsistenz</translation>
    </message>
    <message>
        <source>Cost per 1,000 summaries</source>
        <translation>Kosten je 1.000 Zusammenfassungen</translation>
    </message>
    <message>
        <source>no recorded calls</source>
        <translation>keine aufgezeichneten Aufrufe</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>Kennzahl</translation>
    </message>
    <message>
        <source>Interval low</source>
        <translation>Intervall unten</translation>
    </message>
    <message>
        <source>Interval high</source>
        <translation>Intervall oben</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>asked up to %1 times</source>
        <translation>bis zu %1-mal gefragt</translation>
    </message>
    <message>
        <source>Vote share of repeated answers</source>
        <translation>Stimmenanteil wiederholter Antworten</translation>
    </message>
    <message>
        <source>Own variance, zero-one (leave-one-out)</source>
        <translation>Eigene Varianz, null-eins (Leave-one-out)</translation>
    </message>
    <message>
        <source>Own variance, absolute (leave-one-out)</source>
        <translation>Eigene Varianz, absolut (Leave-one-out)</translation>
    </message>
    <message>
        <source>against the majority of the other answers</source>
        <translation>gegen die Mehrheit der übrigen Antworten</translation>
    </message>
    <message>
        <source>against the median of the other answers</source>
        <translation>gegen den Median der übrigen Antworten</translation>
    </message>
</context>
<context>
    <name>concord::ui::RankingsPanel</name>
    <message>
        <source>human group</source>
        <translation>Menschengruppe</translation>
    </message>
    <message>
        <source>judge</source>
        <translation>Bewerter</translation>
    </message>
    <message>
        <source>A dimension with pairwise verdicts ranks each judge and each human group by them; a Likert dimension ranks the human groups by their mean ratings of each document.</source>
        <translation>Eine Dimension mit paarweisen Entscheidungen ordnet jeden Bewerter und jede Menschengruppe danach; eine Likert-Dimension ordnet die Menschengruppen nach dem Mittelwert ihrer Bewertungen jedes Dokuments.</translation>
    </message>
    <message>
        <source>Agree or tie</source>
        <translation>Einig oder Gleichstand</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Punkte</translation>
    </message>
    <message>
        <source>How the two orders of a head-to-head comparison become one result: a win only when both orders agree (else a tie), or half a point for each order's win.</source>
        <translation>Wie die beiden Reihenfolgen eines H2H-Vergleichs ein Ergebnis werden: ein Sieg nur, wenn beide Reihenfolgen ihn ergeben (sonst ein Gleichstand), oder ein halber Punkt für jeden Sieg einer Reihenfolge.</translation>
    </message>
    <message>
        <source>A system against which every other's win rate and length-controlled win rate (the regression of AlpacaEval 2 on the length difference) are given.</source>
        <translation>Ein System, gegen das die Siegquote und die längenbereinigte Siegquote jedes anderen angegeben werden (die Regression von AlpacaEval 2 auf den Längenunterschied).</translation>
    </message>
    <message>
        <source>No baseline</source>
        <translation>Keine Basislinie</translation>
    </message>
    <message>
        <source>Di&amp;mension:</source>
        <translation>Di&amp;mension:</translation>
    </message>
    <message>
        <source>R&amp;ule:</source>
        <translation>Reg&amp;el:</translation>
    </message>
    <message>
        <source>&amp;Baseline:</source>
        <translation>&amp;Basislinie:</translation>
    </message>
    <message>
        <source>Open a study with pairwise verdicts or ratings.</source>
        <translation>Öffnen Sie eine Studie mit paarweisen Entscheidungen oder Bewertungen.</translation>
    </message>
    <message>
        <source>Rankings</source>
        <translation>Rangfolgen</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>Cannot rank the systems: %1</source>
        <translation>Für die Systeme lässt sich keine Rangfolge bilden: %1</translation>
    </message>
    <message>
        <source>test documents only</source>
        <translation>nur Dokumente des Testteils (test)</translation>
    </message>
    <message>
        <source>dev documents only</source>
        <translation>nur Dokumente des Entwicklungsteils (dev)</translation>
    </message>
    <message>
        <source>every document</source>
        <translation>alle Dokumente</translation>
    </message>
    <message>
        <source>The study has no dimension to rank on.</source>
        <translation>Die Studie hat keine Dimension für eine Rangfolge.</translation>
    </message>
    <message>
        <source>Nothing to rank on %1 (%2): nobody compared summaries on it, and no human group rated it.</source>
        <translation>Keine Rangfolge nach %1 (%2): niemand hat darauf Zusammenfassungen verglichen, und keine Menschengruppe hat sie bewertet.</translation>
    </message>
    <message>
        <source>%1: Davidson's Bradley–Terry model with ties, %2 rule; log-strengths of mean 0 with %3% bootstrap intervals over documents (%4 resamples, seed %5); %6.</source>
        <translation>%1: Davidsons Bradley-Terry-Modell mit Gleichständen, Regel %2; Log-Stärken mit Mittelwert 0 und %3-%-Bootstrap-Intervallen über Dokumente (%4 Ziehungen, Startwert %5); %6.</translation>
    </message>
    <message>
        <source>%1 (humans)</source>
        <translation>%1 (Menschen)</translation>
    </message>
    <message>
        <source>%1, %2: log-strength %3, interval %4 to %5, rank %6</source>
        <translation>%1, %2: Log-Stärke %3, Intervall %4 bis %5, Rang %6</translation>
    </message>
    <message>
        <source>Log-strengths on %1</source>
        <translation>Log-Stärken nach %1</translation>
    </message>
    <message>
        <source>Log-strength</source>
        <translation>Log-Stärke</translation>
    </message>
    <message>
        <source>Rater</source>
        <translation>Rater</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Interval low</source>
        <translation>Intervall unten</translation>
    </message>
    <message>
        <source>Interval high</source>
        <translation>Intervall oben</translation>
    </message>
    <message>
        <source>Wins</source>
        <translation>Siege</translation>
    </message>
    <message>
        <source>Ties</source>
        <translation>Gleichstände</translation>
    </message>
    <message>
        <source>Losses</source>
        <translation>Niederlagen</translation>
    </message>
    <message>
        <source>Comparisons with the baseline</source>
        <translation>Vergleiche mit der Basislinie</translation>
    </message>
    <message>
        <source>Win rate</source>
        <translation>Siegquote</translation>
    </message>
    <message>
        <source>Length-controlled win rate</source>
        <translation>Längenbereinigte Siegquote</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Hinweis</translation>
    </message>
    <message>
        <source>Comparisons</source>
        <translation>Vergleiche</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <source>Tie parameter ν</source>
        <translation>Gleichstandsparameter ν</translation>
    </message>
    <message>
        <source>ν low</source>
        <translation>ν unten</translation>
    </message>
    <message>
        <source>ν high</source>
        <translation>ν oben</translation>
    </message>
</context>
<context>
    <name>concord::ui::CalibrationPanel</name>
    <message>
        <source>Equal width</source>
        <translation>Gleiche Breite</translation>
    </message>
    <message>
        <source>Equal mass</source>
        <translation>Gleiche Masse</translation>
    </message>
    <message>
        <source>Equal width: bins of the same width over the judge's scores. Equal mass: bins of about the same number of summaries (equal scores always share a bin, so a judge with few distinct scores gets fewer bins).</source>
        <translation>Gleiche Breite: Klassen gleicher Breite über die Werte des Bewerters. Gleiche Masse: Klassen mit etwa gleich vielen Zusammenfassungen (gleiche Werte teilen sich immer eine Klasse, daher erhält ein Bewerter mit wenigen verschiedenen Werten weniger Klassen).</translation>
    </message>
    <message>
        <source>&amp;Recalibrate on dev</source>
        <translation>Auf dem Entwicklungsteil (dev) neu &amp;kalibrieren</translation>
    </message>
    <message>
        <source>Fits an isotonic recalibration of the judge's scores on this dimension to the humans' means on the dev split only, and keeps it as a judge of its own scored on the test split, which the fit never saw (concord-cli recalibrate).</source>
        <translation>Passt eine isotone Neukalibrierung der Werte des Bewerters auf dieser Dimension an die Mittelwerte der Menschen an, nur auf dem Entwicklungsteil (dev), und behält sie als eigenen Bewerter, der auf dem Testteil (test) bewertet, den die Anpassung nie gesehen hat (concord-cli recalibrate).</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>&amp;Bewerter:</translation>
    </message>
    <message>
        <source>Di&amp;mension:</source>
        <translation>Di&amp;mension:</translation>
    </message>
    <message>
        <source>Bi&amp;nning:</source>
        <translation>Klasse&amp;neinteilung:</translation>
    </message>
    <message>
        <source>B&amp;ins:</source>
        <translation>Kl&amp;assen:</translation>
    </message>
    <message>
        <source>Open a study with a judge and a group of humans.</source>
        <translation>Öffnen Sie eine Studie mit einem Bewerter und einer Gruppe von Menschen.</translation>
    </message>
    <message>
        <source>Calibration</source>
        <translation>Kalibrierung</translation>
    </message>
    <message>
        <source>Calibration needs a judge and a group of humans.</source>
        <translation>Die Kalibrierung braucht einen Bewerter und eine Gruppe von Menschen.</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>Wird berechnet…</translation>
    </message>
    <message>
        <source>Cannot compute the calibration: %1</source>
        <translation>Die Kalibrierung kann nicht berechnet werden: %1</translation>
    </message>
    <message>
        <source>%1 scored no dimension the group scored.</source>
        <translation>%1 hat keine Dimension bewertet, die die Gruppe bewertet hat.</translation>
    </message>
    <message>
        <source>test documents only</source>
        <translation>nur Dokumente des Testteils (test)</translation>
    </message>
    <message>
        <source>dev documents only</source>
        <translation>nur Dokumente des Entwicklungsteils (dev)</translation>
    </message>
    <message>
        <source>every document</source>
        <translation>alle Dokumente</translation>
    </message>
    <message>
        <source>equal-width</source>
        <translation>gleich breiten</translation>
    </message>
    <message>
        <source>equal-mass</source>
        <translation>gleich großen</translation>
    </message>
    <message>
        <source>%1 with %2 bins</source>
        <translation>%1 mit %2 Klassen</translation>
    </message>
    <message>
        <source>%1 on %2: %3 summaries, both scores mapped to 0–1. Expected calibration error %4. Brier score %5 (a summary is positive when the humans' mean is at least %6; the probabilities from %7); %8.</source>
        <translation>%1 auf %2: %3 Zusammenfassungen, beide Werte auf 0–1 abgebildet. Erwarteter Kalibrierungsfehler %4. Brier-Score %5 (eine Zusammenfassung ist positiv, wenn der Mittelwert der Menschen mindestens %6 ist; die Wahrscheinlichkeiten aus %7); %8.</translation>
    </message>
    <message>
        <source>Per bin of %1 (%2 bins): the humans' mean (up) against the judge's (across)</source>
        <translation>Je Klasse von %1 (%2 Klassen): der Mittelwert der Menschen (senkrecht) gegen den des Bewerters (waagerecht)</translation>
    </message>
    <message>
        <source>Calibrated</source>
        <translation>Kalibriert</translation>
    </message>
    <message>
        <source>Bins</source>
        <translation>Klassen</translation>
    </message>
    <message>
        <source>Bin %1 to %2: %3 summaries, judge %4, humans %5 (interval %6 to %7)</source>
        <translation>Klasse %1 bis %2: %3 Zusammenfassungen, Bewerter %4, Menschen %5 (Intervall %6 bis %7)</translation>
    </message>
    <message>
        <source>Bin low</source>
        <translation>Klasse unten</translation>
    </message>
    <message>
        <source>Bin high</source>
        <translation>Klasse oben</translation>
    </message>
    <message>
        <source>Summaries</source>
        <translation>Zusammenfassungen</translation>
    </message>
    <message>
        <source>Judge's mean</source>
        <translation>Mittelwert des Bewerters</translation>
    </message>
    <message>
        <source>Humans' mean</source>
        <translation>Mittelwert der Menschen</translation>
    </message>
    <message>
        <source>Interval low</source>
        <translation>Intervall unten</translation>
    </message>
    <message>
        <source>Interval high</source>
        <translation>Intervall oben</translation>
    </message>
    <message>
        <source>Recalibrating…</source>
        <translation>Wird neu kalibriert…</translation>
    </message>
    <message>
        <source>Cannot recalibrate: %1</source>
        <translation>Neukalibrierung nicht möglich: %1</translation>
    </message>
    <message>
        <source>%1 written: fitted on %2 dev summaries, %3 test summaries scored; equal-width ECE on test %4 before, %5 after.</source>
        <translation>%1 geschrieben: angepasst auf %2 Zusammenfassungen des Entwicklungsteils (dev), %3 Zusammenfassungen des Testteils (test) bewertet; ECE mit gleich breiten Klassen auf dem Testteil vorher %4, nachher %5.</translation>
    </message>
    <message>
        <source>Cannot read the study: %1</source>
        <translation>Die Studie kann nicht gelesen werden: %1</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgeRun</name>
    <message>
        <source>Run %1 (%2): %3</source>
        <translation>Lauf %1 (%2): %3</translation>
    </message>
    <message>
        <source>Run %1 (%2): %3 batches fetched, %4 answers stored, %5 requests without an answer; %6 batches still with the provider.</source>
        <translation>Lauf %1 (%2): %3 Batches abgerufen, %4 Antworten gespeichert, %5 Anfragen ohne Antwort; %6 Batches noch beim Anbieter.</translation>
    </message>
    <message>
        <source>No batch is waiting for its results.</source>
        <translation>Kein Batch wartet auf seine Ergebnisse.</translation>
    </message>
</context>
<context>
    <name>concord::ui::JudgePlanBox</name>
    <message>
        <source>Run Plan: Several Judges at Once</source>
        <translation>Laufplan: mehrere Bewerter zugleich</translation>
    </message>
    <message>
        <source>Add the judge the settings above describe; change them and add the next. The plan&apos;s judges run together, each at its own provider&apos;s concurrency and limits, under one estimate and one progress.</source>
        <translation>Fügen Sie den Bewerter hinzu, den die Einstellungen oben beschreiben; ändern Sie sie und fügen Sie den nächsten hinzu. Die Bewerter des Plans laufen zusammen, jeder mit der Parallelität und den Grenzen seines eigenen Anbieters, unter einer Schätzung und einem Fortschritt.</translation>
    </message>
    <message>
        <source>Add to Plan</source>
        <translation>Zum Plan hinzufügen</translation>
    </message>
    <message>
        <source>Remove from Plan</source>
        <translation>Aus dem Plan entfernen</translation>
    </message>
    <message>
        <source>Removes the chosen judge (Delete in the list).</source>
        <translation>Entfernt den gewählten Bewerter (Entf in der Liste).</translation>
    </message>
    <message>
        <source>Estimate Plan</source>
        <translation>Plan schätzen</translation>
    </message>
    <message>
        <source>Run Plan</source>
        <translation>Plan starten</translation>
    </message>
    <message>
        <source>%1: %2 at %3, %4, %5; %6 at once</source>
        <translation>%1: %2 bei %3, %4, %5; %6 zugleich</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>online</source>
        <translation>online</translation>
    </message>
    <message>
        <source>, %1 requests a minute</source>
        <translation>, %1 Anfragen pro Minute</translation>
    </message>
    <message>
        <source>, %1 tokens a minute</source>
        <translation>, %1 Tokens pro Minute</translation>
    </message>
    <message>
        <source>, first %1 documents</source>
        <translation>, die ersten %1 Dokumente</translation>
    </message>
    <message>
        <source>The plan has a judge named &apos;%1&apos; already: give this one another judge name, or remove the other.</source>
        <translation>Der Plan hat bereits einen Bewerter namens „%1“: Geben Sie diesem einen anderen Bewerter-Namen oder entfernen Sie den anderen.</translation>
    </message>
    <message>
        <source>The cost of every judge of the plan, online and through a batch API.</source>
        <translation>Die Kosten jedes Bewerters des Plans, online und über eine Batch-API.</translation>
    </message>
    <message>
        <source>Runs every judge of the plan at once; Cancel stops them all, and running the plan again sends only what is missing.</source>
        <translation>Startet alle Bewerter des Plans zugleich; „Abbrechen“ stoppt sie alle, und ein erneuter Lauf des Plans sendet nur, was fehlt.</translation>
    </message>
</context>
</TS>
