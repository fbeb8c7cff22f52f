//! The German usage of the study commands (`… study --help`).

use boids_schwarm::model::Measure;
use boids_schwarm::model::study::{
    CLI_MEMORY_MIB, RESULTS_HEADER, SWARM_BYTES_PER_BOID, WINDOW_STEP_BYTES,
};

/// The usage of all three study commands, with the plan's keys and the
/// results' columns.
pub fn text() -> String {
    let columns = RESULTS_HEADER.replace(',', ", ");
    let columns = wrap(&columns, 76);
    let measures = Measure::ALL.map(Measure::key).join(", ");
    format!(
        "Aufruf: boids-schwarm-cli study PLAN.json [--threads K] [--shard I/N] [--output DATEI]\n\
         \x20                                          [--memory MiB]\n\
         \x20      boids-schwarm-cli study-merge DATEI… [--partial] [--plan PLAN.json]\n\
         \x20      boids-schwarm-cli study-summary PLAN.json ERGEBNISSE.csv\n\
         \n\
         Eine Studie rechnet das Modell viele Male – über ein Raster von Parameterwerten\n\
         und mehrere Seeds – und fasst jeden Lauf durch Statistiken der Maße über ein\n\
         Fenster von Schritten zusammen (Mittel, Standardabweichung, Endwert; zur Ordnung\n\
         auch Suszeptibilität und Binder-Kumulante).\n\
         \n\
         study PLAN.json\n\
         \x20 gibt die Ergebnisse als CSV auf stdout aus, eine Zeile je Lauf in der\n\
         \x20 Reihenfolge der Läufe; rechnet mehrere Läufe gleichzeitig.\n\
         \x20 --threads K     so viele Läufe gleichzeitig (1 bis 256; Standard: alle Kerne).\n\
         \x20                 Das Ergebnis ist Byte für Byte dasselbe für jedes K.\n\
         \x20 --shard I/N     nur die Läufe, deren Nummer bei Division durch N den Rest I\n\
         \x20                 lässt (0 ≤ I < N): ein gleichmäßiger Teil des Rasters, etwa\n\
         \x20                 eine Aufgabe eines Slurm-Job-Arrays.\n\
         \x20 --output DATEI  hängt jede fertige Zeile sofort an DATEI an. Enthält DATEI\n\
         \x20                 schon Zeilen desselben Plans, werden nur die fehlenden Läufe\n\
         \x20                 gerechnet (eine abgebrochene Studie setzt fort; eine zuletzt\n\
         \x20                 halb geschriebene Zeile wird verworfen und neu gerechnet).\n\
         \x20                 Eine Datei eines anderen Plans oder im Ergebnisformat 1\n\
         \x20                 (einer früheren Version) wird abgelehnt. Solange die\n\
         \x20                 Studie läuft, ist DATEI gesperrt: Ein zweiter Aufruf mit\n\
         \x20                 derselben DATEI wird abgelehnt und ändert sie nicht.\n\
         \x20 --memory MiB    Grenze für den Speicher der gleichzeitig gerechneten Läufe\n\
         \x20                 (1 bis 1 048 576; Standard {CLI_MEMORY_MIB} = 1 GiB). Vorab geschätzt:\n\
         \x20                 {WINDOW_STEP_BYTES} Bytes je Schritt des Fensters, {SWARM_BYTES_PER_BOID} Bytes je Boid und 1 MiB\n\
         \x20                 je Lauf. Passen nicht K Läufe hinein, rechnen weniger\n\
         \x20                 gleichzeitig (eine Zeile auf stderr sagt es); passt nicht\n\
         \x20                 einmal einer, wird der Plan abgelehnt (Exit-Code 2).\n\
         \n\
         study-merge DATEI… [--partial] [--plan PLAN.json]\n\
         \x20 fügt Ergebnisdateien desselben Plans (Shards, abgebrochene Läufe) zu den\n\
         \x20 Ergebnissen aller Läufe in ihrer Reihenfolge zusammen: Byte für Byte, was ein\n\
         \x20 einzelner Aufruf von study ausgibt. Lehnt Dateien verschiedener Pläne,\n\
         \x20 verschiedene Zeilen für denselben Lauf und Statistiken, die keine endlichen\n\
         \x20 Zahlen sind, ab und nennt fehlende Läufe (Exit-Code 2), außer mit --partial,\n\
         \x20 das nur die vorhandenen ausgibt. Dateien im Ergebnisformat 1 (einer früheren\n\
         \x20 Version) werden als Format 1 zusammengefügt; beide Formate mischen geht nicht.\n\
         \x20 --plan PLAN.json  prüft außerdem, dass die Dateien zu diesem Plan gehören und\n\
         \x20                   jede Zeile die Parameter ihrer Laufnummer trägt.\n\
         \n\
         study-summary PLAN.json ERGEBNISSE.csv\n\
         \x20 gibt je Rasterpunkt über die Läufe seiner Seeds Mittel, Standardabweichung\n\
         \x20 und Standardfehler jedes Maßes als CSV aus (alle Läufe müssen vorhanden sein),\n\
         \x20 im Ergebnisformat der Datei.\n\
         \n\
         Der Plan (JSON, höchstens 1 MiB):\n\
         \x20 {{\"format\": \"boids-schwarm-study\", \"version\": 1,\n\
         \x20  \"base\": {{\"count\": 200, \"radius\": 1.2}},\n\
         \x20  \"sweep\": [{{\"parameter\": \"alignment\", \"values\": [0, 0.1, 0.2]}},\n\
         \x20            {{\"parameter\": \"count\", \"from\": 100, \"to\": 400, \"points\": 4}}],\n\
         \x20  \"seeds\": [1, 2, 3], \"steps\": 750, \"burn_in\": 250,\n\
         \x20  \"measures\": [\"polarization\", \"groups\"]}}\n\
         \x20 base      Parameter (außer seed) mit Code-Namen; fehlende: Standardwert\n\
         \x20 sweep     keine, eine oder zwei Achsen, die erste außen: ein Parameter mit\n\
         \x20           values (Liste) oder from, to, points (≥ 2 gleichmäßige Werte;\n\
         \x20           Anzahlen gerundet); kein Wert doppelt\n\
         \x20 seeds     Liste von Seeds oder {{\"from\": s, \"count\": n}}\n\
         \x20 steps     letzter Schritt jedes Laufs (1 bis 1 000 000)\n\
         \x20 burn_in   erster Schritt des Fensters (0 bis steps); das Fenster umfasst\n\
         \x20           die Zustände der Schritte burn_in bis steps\n\
         \x20 measures  (wahlweise) nur diese Maße rechnen und ausgeben, jedes höchstens\n\
         \x20           einmal: {measures};\n\
         \x20           ohne den Schlüssel alle. Eine Studie nur der Ordnung rechnet so\n\
         \x20           keine nächsten Abstände und keine Gruppen.\n\
         \x20 Höchstens 10 000 Läufe; unbekannte Schlüssel sind Fehler. Lauf 0, 1, …: die\n\
         \x20 Werte der ersten Achse außen, die Seeds innen.\n\
         \n\
         Spalten der Ergebnisse (Zahlen in kürzester exakter Form mit Dezimalpunkt; leer,\n\
         wo nicht definiert; die erste Zeile ist ein Kommentar mit Format und Kennung des\n\
         Plans; mit measures nur die Spalten dieser Maße, Suszeptibilität und Binder-\n\
         Kumulante nur mit polarization):\n\
         {columns}\n\
         \n\
         Exit-Code 0: Erfolg.\n\
         Exit-Code 2: fehlerhafter Aufruf, Plan oder Datei, fehlende Läufe oder eine\n\
         \x20 --output-Datei, in die gerade eine andere Studie schreibt: eine Zeile auf\n\
         \x20 stderr, nichts auf stdout; derselbe Aufruf scheitert wieder (im letzten\n\
         \x20 Fall, bis die andere Studie fertig ist).\n\
         Exit-Code 1: Lesen oder Schreiben ist fehlgeschlagen, etwa bei voller Platte\n\
         \x20 oder einer unlesbaren Datei: eine Zeile auf stderr; ein neuer Versuch kann\n\
         \x20 gelingen, und mit --output setzt er fort, was schon in der Datei steht.\n"
    )
}

/// Breaks `text` after the last space before `width`, indenting by two.
fn wrap(text: &str, width: usize) -> String {
    let mut lines = vec![String::from(" ")];
    for word in text.split(' ') {
        let line = lines.last_mut().expect("one line at least");
        if line.len() + 1 + word.len() > width {
            lines.push(format!("  {word}"));
        } else {
            line.push(' ');
            line.push_str(word);
        }
    }
    lines.join("\n")
}
