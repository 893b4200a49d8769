/**
 * Known simple words that German and Dutch compounds are commonly built from, written for Hooty
 * (not taken from a dictionary). They let `splitCompound` work before a site's own vocabulary is
 * known; a site's words (see `createLexicon`) add to them. Plain lower-case lemmas, one per word;
 * words of three letters are few and deliberate ("amt", "bad", "tag"), since short parts split
 * wrongly most easily.
 */
export const COMPOUND_SEED: Readonly<Record<string, string>> = {
  de: `
abend abfall abgabe abhängigkeit ablauf abschnitt abteilung adresse akte aktion alarm alter amt
angebot anlage anleitung anmeldung anschluss anschrift antrag antwort anwendung anzeige arbeit
archiv arzt auftrag ausbildung ausgabe auskunft ausweis auto bad bahn bank bau baum beitrag
benutzer beratung bereich bericht beruf bescheid betrieb bett bewerbung bezahlung bild bildung
blatt boden brief buch bürger büro dach datei daten dauer decke dienst dokument dorf druck drucker
eingabe einkauf einstellung eintrag eintritt eltern empfang ende energie entwicklung erde ereignis
ergebnis erlaubnis fahrt fahrer fahrzeug fall familie farbe fehler feier feld fenster ferien fest
feuer film firma fläche flug form forschung foto frage frau freund frist führung funktion garten
gast gebäude gebühr gebiet gefahr gehalt geld gemeinde gerät gericht geschäft geschichte gesetz
gesundheit gewicht glas grenze grund gruppe gut hafen hals hand handel haupt haus heim heizung
hilfe himmel hinweis hof holz hotel hund information inhalt jahr jugend kalender kamera kapitel
karte kasse katalog kauf kern kind kirche klasse klima knoten konto kontakt kopf kosten kraft
krankheit kreis küche kultur kunde kunst kurs land lager last laufwerk leben lehrer leistung
leitung licht liefer lieferung liste luft macht mann markt maschine material meldung menge mensch
miete milch mitglied mittel monat muster mutter nacht nachricht name natur netz netzwerk nummer
nutzer nutzung objekt ordner ordnung ort paket papier partei passwort person pflege plan platz
politik portal post preis presse programm projekt protokoll prozess prüfung punkt quelle rad rahmen
rat raum recht rechner rechnung regel regierung reise rente richtung rolle ruhe sache satz schaden
schein schiff schlüssel schrift schule schutz see seite sicherheit sitz sonne speicher spiel
sprache stadt stand start staat stelle steuer stoff straße strom stück stunde suche system tag tabelle
taste team technik teil telefon termin text thema tier tisch titel tor treffen typ uhr umwelt
unternehmen unterricht urlaub vater verbindung verein verfahren verkauf verkehr verlag vertrag
verwaltung verzeichnis volk vorgang vorlage vorschau wagen wahl wald wand ware wasser wechsel weg
welt werk werkzeug wert wetter wirtschaft wissen woche wohnung wort zahl zahlung zeichen zeit
zeitung zentrum ziel zimmer zug zugang zugriff zustand`,
  nl: `
aanvraag adres afdeling agenda antwoord apparaat arbeid auto avond bank bedrijf beheer bericht
bestand bestelling betaling bewoner bibliotheek bijdrage boek boom brief buurt computer dag
data dienst document dorp gebied gebruik gebruiker gegevens geld gemeente gesprek gezondheid
grond groep handel huis hulp informatie instelling jaar kaart kamer kantoor kerk kind klant
kosten kracht kwaliteit land leven licht lijst markt middel naam nacht netwerk nummer onderwijs
opdracht pakket pagina plaats plan programma project punt raad recht regel reis rekening ruimte
school sleutel stad stap systeem taal tafel tekst tijd titel toegang vak veld verkeer verzoek
volk voorwaarde vraag water weg wereld werk wet winkel woning woord zaak ziekte zorg`,
};
