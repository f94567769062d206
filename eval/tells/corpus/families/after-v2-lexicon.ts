import type { Family } from "../family";

/**
 * Voices written after the second-pass lexicon (model v2) was frozen, without reopening it:
 * the eval reports them on their own (AFTER_V2_LEXICON_IDS) as the least tuned-for estimate.
 * The first "fresh" families were read while the lexicon was extended, so they no longer are.
 */

/** A tenant vacating a flat and selling what won't fit in the move: Devanagari with English words. */
export const moveOutSaleMixed: Family = {
  id: "move_out_sale_mixed",
  lang: "mixed",
  joins: [", ", "। ", " ", " — "],
  slots: {
    item: ["डबल बेड", "फ्रिज", "वॉशिंग मशीन", "सोफ़ा", "डाइनिंग टेबल", "AC", "गद्दा"],
    price: ["₹6,000", "8k", "बारह हज़ार", "₹3,500", "15000"],
    day: ["शनिवार", "इतवार", "31 तारीख़", "अगले मंगलवार"],
  },
  cues: [
    "[[u:{day} को flat की चाबी owner को देनी है]], उससे पहले उठा लीजिए",
    "[[u:truck कल सुबह आ रहा है]], आज रात तक बताइए",
    "[[u:जो बचेगा वो कबाड़ी को दे दूँगा, so please decide fast]]",
    "[[d:नीचे वाले flat के भैया ने बोला है शाम को आएँगे देखने]]",
    "[[d:society group पर post डाला था, बहुत messages आए हैं]]",
    "[[d:दो लोग token देने को तैयार हैं]]",
    "[[f:{price} पर ही दूँगा, already बहुत कम रखा है]]",
    "[[f:bargain मत करना please, rate सोच कर रखा है]]",
    "[[s:deposit अभी तक वापस नहीं मिला, पैसों की ज़रूरत है]]",
    "[[s:नई जगह का advance भरना है, थोड़ा help कर दीजिए]]",
    "[[c=very_good:दो साल पुराना है पर एक भी खरोंच नहीं]]",
    "[[c=good:एक handle थोड़ा loose है]], बाकी सब ठीक",
    "[[c=acceptable:cooling कम हो गई है, gas भरवानी पड़ेगी]]",
    "[[c=junk:drum घूमता ही नहीं, motor गई]]",
    "[[c=like_new:पिछले महीने ही लिया था, plastic भी नहीं उतारा]]",
    "[[c=good:गद्दे पर हल्का सा निशान है]]",
  ],
  negatives: [
    "lift है, ground floor तक ले जाने में दिक्कत नहीं",
    "आप आराम से आइए, मैं पूरे हफ़्ते घर पर हूँ",
    "मकान मालिक का नंबर नहीं दे सकता, sorry",
    "नया flat तीसरी मंज़िल पर है, इसलिए बेच रहा हूँ",
    "टूटी हुई तो खिड़की है, सामान सब ठीक है",
    "अभी तक किसी ने पूछा नहीं, आप पहले हैं",
    "{price} बोला है, आप अपना offer बता दीजिए",
    "बिल मिल जाएगा, warranty card भी",
    "tempo वाले का नंबर चाहिए तो दे दूँगा",
    "मेरा पुराना address Sector 21 था",
    "delivery आप अपनी करवा लीजिए",
    "photos WhatsApp कर दी हैं",
  ],
  fillers: ["Hi", "{item} — {price}", "जी", "Thanks", "location भेज रहा हूँ"],
};

/** A handicraft stall for tourists, Indian English, proud of the work, chatty. */
export const handicraftStallEnglish: Family = {
  id: "handicraft_stall_en",
  lang: "en",
  joins: [". ", ", ", "! ", " — "],
  slots: {
    item: [
      "block-print stole",
      "brass lamp",
      "papier-mâché box",
      "Pashmina shawl",
      "wooden elephant",
      "madhubani painting",
    ],
    price: ["₹2,200", "₹850", "₹4,500", "₹600", "₹12,000"],
  },
  cues: [
    "[[u:madam, the bus for the fort leaves in ten minutes, decide quickly]]",
    "[[u:we are packing up for the monsoon from tomorrow]]",
    "[[u:this price is for the first customer of the morning only]]",
    "[[d:a French couple bought six of these yesterday]]",
    "[[d:my uncle makes only a few in a season, you won't see this again]]",
    "[[d:the emporium sells the same piece for triple]]",
    "[[f:madam, this is a government-fixed price, no bargaining]]",
    "[[f:{price} is the honest price, I cannot come down]]",
    "[[f:everything here is one price, no tourist price, no local price]]",
    "[[s:the whole family works on these, we don't get much]]",
    "[[s:business is very low since the tourists stopped coming]]",
    "[[s:my father is unwell, so I'm running the stall alone]]",
    "[[c=new:made this month, nobody has used it]]",
    "[[c=very_good:old stock but kept wrapped, colours still bright]]",
    "[[c=good:small chip on the base, you can hardly see]]",
    "[[c=acceptable:the colour has run at one end]]",
  ],
  negatives: [
    "come inside madam, looking is free",
    "we ship anywhere, even abroad",
    "you can bargain a little on the bigger pieces",
    "no hurry, have some tea first",
    "the broken one is for display, yours will be fresh",
    "the fort closes at six, go there first and come back",
    "it is handmade, so every piece is a little different",
    "we take cards and UPI",
    "this pattern is called dabu, it is made with mud resist",
    "my shop has been in this lane for forty years",
    "for {price} you get two",
    "I won't lie to you, many stalls have this design",
  ],
  fillers: ["Welcome", "This {item}, {price}", "Namaste", "Please look", "Thank you madam"],
};

export const AFTER_V2_LEXICON: readonly Family[] = [moveOutSaleMixed, handicraftStallEnglish];
export const AFTER_V2_LEXICON_IDS: readonly string[] = AFTER_V2_LEXICON.map((f) => f.id);
