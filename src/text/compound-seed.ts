/**
 * Known simple words that German and Dutch compounds are commonly built from, written for Hooty
 * (not taken from a dictionary). They let `splitCompound` work before a site's own vocabulary is
 * known; a site's words (see `createLexicon`) add to them. Plain lower-case lemmas, one per word;
 * words of three letters are few and deliberate ("amt", "bad", "tag"), since short parts split
 * wrongly most easily.
 */
export const COMPOUND_SEED: Readonly<Record<string, string>> = {
  de: `
abend abfall abfrage abgabe abhängigkeit ablauf abschnitt abteilung adresse akte aktion alarm alter
amt anfrage angabe angebot anlage anleitung anmeldung anschluss anschrift antrag antwort anwendung
anzeige arbeit archiv arzt auftrag ausbildung ausflug ausgabe ausgang auskunft ausstellung ausweis
auto bad bahn bank bau baum befehl behörde beitrag benutzer beratung bereich bericht beruf bescheid
beschreibung bestellung betrag betrieb bett bewerbung bewertung bezahlung bild bildung blatt boden
brief buch bürger büro dach datei daten datenbank dauer decke dienst dokument dorf druck drucker
eingabe eingang einkauf einstellung eintrag eintritt eltern empfang ende energie entwicklung erde
ereignis ergebnis erklärung erlaubnis ermäßigung ersatz essen fahrer fahrrad fahrt fahrzeug fall
familie farbe fehler feier feld fenster ferien fest festplatte feuer film firma flug fläche form
formular forschung foto frage frau freund frist frühstück funktion führung garantie garten gast
gebiet gebäude gebühr gefahr gehalt geld gemeinde gericht gerät geschichte geschäft gesetz
gesundheit getränk gewicht glas grafik grenze grund gruppe größe gut gutschein hafen halle hals hand
handel haupt haus heim heizung hilfe himmel hinweis hof holz hotel hund information inhalt
installation jahr jugend kalender kamera kapitel karte kasse katalog kauf kern kind kirche klasse
klima knoten konfiguration kontakt konto kopf kosten kraft krankheit kreis kultur kunde kunst kurs
küche kündigung laden lager land last laufwerk leben lehrer leistung leitung licht liefer lieferung
linie liste lohn luft macht mahnung mann markt maschine material meldung menge mensch miete milch
mitglied mittel monat museum muster mutter müll nachricht nacht name natur netz netzwerk nummer
nutzer nutzung oberfläche objekt ordner ordnung ort paket papier park partei passwort person pflege
plan platte platz politik portal post preis presse programm projekt protokoll prozess prüfung punkt
quelle rabatt rad rahmen rat raum rechner rechnung recht regel regierung reise rente reparatur
restaurant richtung rolle ruhe rückgabe sache satz schaden schein schiff schlüssel schrift schule
schutz schüler see seite server sicherheit sicherung sitz sonne spalte speicher spende spiel sprache
staat stadt stand start stelle steuer stoff straße strom student studium stunde stück suche system
tabelle tag tarif taste team technik teil telefon termin text thema ticket tier tisch titel tor
treffen treiber typ uhr umtausch umwelt unterkunft unternehmen unterricht urlaub vater veranstaltung
verbindung verein verfahren verkauf verkehr verlag verlängerung versand verschlüsselung versicherung
version vertrag verwaltung verzeichnis volk vorgang vorlage vorschau vorteil wagen wahl wald wand
ware wasser wechsel weg welt werk werkzeug wert wetter wirtschaft wissen woche wohnung wort zahl
zahlung zeichen zeile zeit zeitung zentrum zertifikat ziel zimmer zubehör zug zugang zugriff zusatz
zustand öffnung`,
  nl: `
aanvraag account adres afdeling afspraak afval agenda antwoord apparaat arbeid auto avond bank
bedrijf beheer belasting bericht bestand bestelling betaling beveiliging bewoner bibliotheek
bijdrage boek boom brief bus buurt code computer cursus dag data dienst document dorp energie fiets
formulier gebied gebruik gebruiker gegevens geheugen geld gemeente gesprek gezondheid groep grond
handel herstel huis hulp huur informatie instelling jaar kaart kamer kantoor kerk keuken kind klant
korting kosten kracht kwaliteit land les leven levering licht lijst map markt melding middel museum
naam nacht netwerk nummer onderwijs ontbijt opdracht opening opslag pagina pakket paspoort plaats
plan prijs printer programma project punt raad recht regel reis rekening reparatie retour ruimte
scherm schijf school service sleutel stad stap station storing straat student systeem taal tafel
tekst ticket tijd titel toegang toets trein update vak veld vergunning verkeer versie verzekering
verzending verzoek volk voorwaarde vraag wachtwoord water weg wereld werk wet winkel woning woord
zaak ziekte zorg`,
};
