import { CONCEPT_WORDS_V7 } from "./concept-lexicon-v7";

/**
 * The concept lexicon of feature set tells-features/11 (tells-model@22): the frozen v7 lexicon
 * with two concepts for who a clause is about. The hard negatives' "aapko jaldi hai toh kal bhej
 * dunga" (the buyer's hurry) and a seller's "mujhe jaldi hai" differ only in the pronoun, and so
 * do "your price" and "my price". Pronoun concepts lost at the third pass (4,824 rows); with three
 * times the rows and the neighbour features of tells-features/10 they are worth +0.0013 held out
 * (docs/tells.md, "Twenty-fourth pass"). Short Roman forms reach other words by skeleton too
 * ("tmr", tomorrow, also reads as YOU): the learner weighs that.
 */
export const CONCEPT_WORDS_V8: Readonly<Record<string, string>> = {
  ...CONCEPT_WORDS_V7,
  SELF: "i i'm im i'll ill i've me my mine myself we we're our ours us mera meri mere mujhe mujhko humko hamko hum ham hamara hamari hamare humara humari humare apun मैं मेरा मेरी मेरे मुझे मुझको हम हमारा हमारी हमारे हमें naan enakku ennoda nenu naaku naanu nanage nanna njan ente enikku mala majha maza mane maru mari ami amar amake moi mur mok mora mote ako akin nako",
  YOU: "you you're your yours yourself u ur aap aapka aapki aapke aapko apko apka apki apke tum tumhara tumhari tumhare tumko tumhe tu tera teri tere tujhe आप आपका आपकी आपके आपको तुम तुम्हारा तुम्हारी तुम्हें तू तेरा तेरी तुझे nee neenga unga ungalukku ninga nimge neevu nimma meeru meeku ningal ningalkku ninte tumhi tumhala tumcha tame tamne tamaru tumi tomar apni apnar apnake aponi apunar tume apana apananku ikaw kayo ninyo nimo",
};
