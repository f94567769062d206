import type { HandWritten } from "./hand-written";

/**
 * A second batch of one-off lines (issue #12, second pass): the registers the first batch
 * lacked — negated cues, urgency about the buyer, condition words about other things, prices
 * and logistics that sound firm but are not, and cues in plain words with no keyword.
 */
export const HAND_WRITTEN_SECOND: readonly HandWritten[] = [
  {
    family: "hand2_en",
    lang: "en",
    lines: [
      "You said you're in a hurry, so I've kept it packed by the door.",
      "It's not damaged, the mark in the photo is a reflection.",
      "I won't lie to you — [[c=good:it's used, and it shows on the corners]].",
      "No rush from my side, I'm here all month.",
      "Nobody else has messaged, so take your time.",
      "The price on the tag is old, it's cheaper now, ask me.",
      "My car broke down so I'll be late to meet, sorry.",
      "Happy to drop it at your place if you're nearby.",
      "[[c=good:The left earcup crackles a little]], the right one is fine.",
      "[[c=acceptable:It pulls to one side when you brake]], needs an alignment.",
      "[[c=like_new:Wore them to one wedding]] and they've been in the box since.",
      "[[u:My lease runs out on the 30th]] and it can't come with me.",
      "[[u:Whoever turns up with cash first gets it]].",
      "[[d:A shop in town already offered me more for parts]].",
      "[[d:I've had to turn people away since Sunday]].",
      "[[f:That's what it costs, I'm not going to haggle]].",
      "[[f:I priced it to sell, so the number stays]].",
      "[[s:The hospital bills have eaten our savings]], that's why it's going.",
      "[[s:I've been out of work since March]].",
      "Thanks for the quick reply, talk soon.",
    ],
  },
  {
    family: "hand2_hinglish",
    lang: "hi-Latn",
    lines: [
      "aap ko jaldi hai toh main kal subah hi bhej dunga",
      "toota hua nahi hai bhai, bas photo mein aisa lag raha",
      "jhooth nahi bolunga, [[c=good:second hand hai]], isliye itna kam rakha",
      "mujhe koi jaldbaazi nahi, aaram se socho",
      "abhi tak kisi ka message nahi aaya",
      "mera laptop kharab tha isliye reply late hua",
      "paise thode kam bhi chal jayenge, baat kar lete hain",
      "[[c=good:side mein halka sa rang utra hai]], chalne mein mast",
      "[[c=junk:engine baith gaya hai]], tow karke le jaana padega",
      "[[c=very_good:ek saal chala hai bas]], service record poora hai",
      "[[u:kal tak nahi bika toh OLX se hata dunga]]",
      "[[u:mere paas aaj ka hi time hai]], phir main bahar chala jaunga",
      "[[d:kal ek party advance dene wali thi]], aap pehle aa gaye",
      "[[d:ye model ab company banati hi nahi]]",
      "[[f:jitna likha hai utna hi lagega]]",
      "[[f:isme bargaining ki gunjaish nahi hai boss]]",
      "[[s:ghar mein shaadi hai, paison ki sakht zarurat hai]]",
      "[[s:dukaan bandh ho gayi lockdown mein, ab saamaan bech raha hoon]]",
      "location bhejo, main aa jata hoon",
      "thik hai bhai, dhanyavaad",
    ],
  },
];
