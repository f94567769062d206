// Part of the second regional word lists of the v7 concept lexicon (concept-lexicon-v7.ts,
// tells-features/9): written per concept from general knowledge by a helper who read no corpus
// row, then reviewed word by word by another for collisions under the fold (the lines below say
// what the review dropped or moved, and why).
// Review of the Gujarati (EXTRA_GU) and Marathi (EXTRA_MR) Roman-script words.
// dropped atare (GU NOW): rare spelling; matches attar
// dropped utavar (GU NOW): not a usual spelling
// dropped agau (GU DEADLINE): means earlier/previously, not deadline
// dropped agaau (GU DEADLINE): means earlier/previously, not deadline
// dropped parmdi (GU TIME): uncertain colloquial form, rare
// dropped saanjna (GU TIME): matches name Sanjana
// dropped bapor (GU TIME): Tagalog bapor (steamship)
// dropped savarna (GU TIME): rare fused form; Hindi caste word
// dropped gaame (GU LEAVING): English game
// dropped gaamma (GU LEAVING): English gamma
// dropped biji (GU OTHERS): Punjabi biji (mother)
// dropped loko (GU OTHERS): Tagalog loko (crazy)
// dropped ghanaa (GU MANY): folds onto Ghana (country)
// dropped ketlaye (GU MANY): matches English kettle
// dropped bau (GU MANY): 3 letters, unclear
// dropped bov (GU MANY): English bow; 3 letters
// dropped jaja (GU MANY): laughter jaja; Nigerian name
// dropped jaaja (GU MANY): laughter jaja; Nigerian name
// dropped jaajaa (GU MANY): laughter jaja; Nigerian name
// dropped pushkal (GU MANY): literary in Gujarati
// dropped bachi (GU SCARCE): Hindi bachchi (girl)
// dropped puru (GU SCARCE): means full/complete, ambiguous
// dropped puroo (GU SCARCE): means full/complete, ambiguous
// dropped ekj (GU SCARCE): 3 letters, unclear
// dropped chelli (GU FIRM): Telugu chelli (younger sister)
// dropped mulya (GU PRICE): formal, rarely typed by sellers
// dropped bhadaa (GU HARDSHIP): Hindi bhada: fare, delivery charge
// dropped davao (GU HARDSHIP): Philippine city name
// dropped udhaar (GU HARDSHIP): Hindi udhar (there); credit sale
// dropped paisano (GU MONEY): fused form; Spanish/Filipino paisano
// dropped krupa (GU APPEAL): common Gujarati female name
// dropped jevunavu (GU LIKE_NEW): unnatural word order
// moved bhagyej (GU LIKE_NEW -> RARITY): means rarely/hardly
// dropped ghasara (GU WEAR): uncertain form
// dropped mahinathi (GU AGE): matches English mint (condition)
// dropped amulya (GU RARITY): person name; literary
// dropped pratham (GU FIRST): common boy name; formal
// dropped prathama (GU FIRST): rare; matches name Pratham
// dropped aavelu (GU ARRIVED): matches avl (available)
// dropped aavelo (GU ARRIVED): matches avl (available)
// dropped aavela (GU ARRIVED): matches avl (available)
// dropped aaivu (GU ARRIVED): uncertain spelling
// dropped aaivo (GU ARRIVED): uncertain spelling
// dropped dhirethi (GU CALM): matches English dirt
// dropped thaishake (GU FLEX): matches English task
// dropped thaisake (GU FLEX): matches English task
// dropped nasel (MR NEG): matches Hindi nasl (breed)
// dropped aattach (MR NOW): English attach
// dropped aatach (MR NOW): English attach
// dropped paryent (MR DEADLINE): matches English parent
// dropped sakali (MR TIME): Tagalog sakali (in case)
// dropped sakaali (MR TIME): Tagalog sakali (in case)
// dropped nightoy (MR LEAVING): matches English night
// dropped nighto (MR LEAVING): matches English night
// dropped nighalo (MR LEAVING): matches chat ngl
// dropped koni (MR OTHERS): folds onto Telugu konni (some)
// dropped kunala (MR OTHERS): matches name Kunal
// dropped dusrya (MR OTHERS): matches Hindi dusra (second)
// dropped dusre (MR OTHERS): Hindi dusre: second, next
// dropped urli (MR SCARCE): place name Urli; matches url
// dropped tharavlela (MR FIRM): matches English travel
// dropped kamit (MR REDUCE): means at least, not reduce
// dropped kamkara (MR REDUCE): also means do the work
// dropped aajar (MR HARDSHIP): English ajar
// dropped shulk (MR HARDSHIP): formal; any charge, not hardship
// dropped krupa (MR APPEAL): common female name Krupa
// dropped naveen (MR NEW): common male name Naveen
// dropped chhaan (MR LIKE_NEW): folds onto surname Chan
// dropped vyavasthit (MR LIKE_NEW): matches English vast
// dropped vyavastit (MR LIKE_NEW): matches English vast
// dropped gansla (MR WEAR): wrong word; rusted is ganjla
// dropped gansleli (MR WEAR): wrong word; rusted is ganjla
// dropped varsh (MR AGE): matches name/rain Varsha
// dropped varsha (MR AGE): common name; Hindi rain
// dropped chaltey (MR WORKS): matches Hindi chalte (let us go)
// dropped barobar (MR WORKS): means with/correct, too broad
// dropped badlayla (MR REPAIR): matches English badly
// dropped kuthecha (MR RARITY): means from where
// dropped pahilyane (MR FIRST): matches English plan
// dropped pratham (MR FIRST): common boy name; formal
// dropped aaliy (MR ARRIVED): unusual spelling
// moved yetoy (MR ARRIVED -> FIND): is coming, like Hindi aata
// dropped kalvaa (MR DECIDE): folds onto Kalwa (Thane)
// dropped kalwa (MR DECIDE): Kalwa, Thane locality
// dropped hallu (MR CALM): Kannada haalu (milk)
// dropped halu (MR CALM): Kannada haalu (milk)
// dropped baghta (MR FLEX): means you see/watch
// dropped boluyat (MR FLEX): matches English bolt
// dropped jamvu (MR FLEX): Gujarati jamvu (to eat)
// dropped jamvun (MR FLEX): Gujarati jamvun (to eat)

export const EXTRA_GU: Readonly<Record<string, string>> = {
  NEG: "nthi nathee natho",
  NOW: "hamnaj hamnaa hamana atyarej atyaare atyaarej aajej turatj tarat utaval utaaval utavad jaldithi fatafat",
  DEADLINE: "sudhima sudhimaa sudhimaj",
  TIME: "aavtikale avtikale aavtikaal parmdivas sanje bapore savaare raatre ratre athvadiyu athvadiye athvadiya ravivare shanivare somvare",
  LEAVING: "gaamde gamde vatane vatanma bahargaam bahargam nikadvanu nikalvanu nikdvanu pardesh videshma",
  OTHERS: "bijaa bijane bijanu bijaane koik koiek koike gharaak gharako lokone",
  MANY: "ghano ghanaj ghanij ketlay ketlaay dhaglo dhagla",
  INTEREST: "puchyu puchhyun puchhyo puchya puchhya puchhta puchparach puchhparchh puchhaparchh",
  SCARCE: "chhelu chelu chhelloj faktj fakat fakkt bachyu bachelu bachela bachyaa khalas ekaj atluj aatluj",
  FIRM: "nakki nakkij chhelloj chhellij ekbhav ekjbhav fiks",
  PRICE: "bhav bhaav bhaw kimat kimmat kinmat",
  REDUCE:
    "ochhi ochho ochhaa ochhuj ochukaro ochhukar ghatado ghatadso ghatadi ghataado vadhghat vadhaghat bhaavtaal bhavtal bhavtaal",
  LOSS: "nuksan nuksaan nukshan padtar padatar padtarma padtarbhav nafo nafoo naffo lidhelu lidhelo",
  HARDSHIP:
    "muskeli mushkeli taklifma bhaadu bhadun davakhanu davakhane mandagi mandgi bimaari kutumb dukal karaj",
  MONEY: "rokda rokdaa rokad rokadma rupiya rupiyaa rakam",
  APPEAL:
    "meherbani mehrbani maherbaani kirpa samjjo samjo samajjo samjine vinanti vinnati vinanati madadkaro dayakaro",
  NEW: "navaa navuj navoj nakor navunakor navonakor sealbandh silbandh sealpack vaparyavagar taaju taju taajo",
  LIKE_NEW: "navujevu navajevu navojevo ochhuvaparelu ochhuvaparyu chokhkhu chokhu chokkhu sarasj",
  WEAR: "tutel tutela tutyo tuti fatyu fatyo fatela fatel ghasarko ghasarka ghasrako tirad tiraad gobo goba katayelu kataylu jhankhu zankhu",
  AGE: "juni junaa junuj varasnu varsho varasthi mahino mahinanu vaparelu vaprelu vaparyu",
  WORKS: "chalechhe chaalechhe chaalu chalu chaluj chaaluj chalatu chaaltu chaltuj kamkarechhe",
  DEAD: "bagdel bagdela bagdelo bagdi bagadyu bagadi balelu balyu baleli bandhpadyu bandhpadelu chaltunathi",
  REPAIR:
    "samarkam samarkaam samaravu samarvu samaravanu sudharvu sudharavu sudharvanu badalvu badlavanu badalvanu",
  RARITY: "bhagyej durlabh mushkel musakel malshenahi malsenai kyaaynahi kyaynahi",
  FIND: "malse malshej malsej malyu malyo malya malvu malvanu maltuj uplabdh upalabdh",
  DEMAND:
    "vechaijashe vechaijase vechayjashe vechaigayu vechaigaya upadijashe upadijase maangma mangma lokpriya lokpriy",
  FIRST: "pahelo pahelu pehlu pehelo pahelaa jepahelo",
  ARRIVED: "avyu avyo avya aavya aavyuj aavyoj aayvu aayvo aaviyu",
  DECIDE:
    "kahejo kejo kejyo kehjo kahesho kesho janavo janaavjo janavsho janavso nakkikaro nakkikarjo nirnay nirnaay vicharine",
  CALM: "shantithi dhire dhiredhire aaramthi aramthi niraante nirante niraant nirant halvethi",
  FLEX: "vaatkariye vaatkarie vaatkarishu vaatchit joishu joisu thaijashe thaijase vicharishu vicharisu ochhuvattu ochuvatu ochhuvadhu vadhuochhu",
};

export const EXTRA_MR: Readonly<Record<string, string>> = {
  NEG: "naahi nahiye nahiyet nahit nahich nakoch nakoy nasnar",
  NOW: "lavkarat lavakarat lavkarach lavkarch lagechach lagechch aajach aajch tabadtob tabdatob ghaighai",
  DEADLINE: "paryantach parynt agodar agodhar",
  TIME: "udyaa udyach sandhyakal sandhyakaali ratri raatri dupari dupaari aathavda athavda athvada aathavdyat ravivari shanivari somvari",
  LEAVING: "gaavala gaavi gavakade gaavakade bahergavi baahergaavi videshat paradeshat nighaycha nighayche",
  OTHERS: "konitari kunitri konala dusryala giraaik girhaik girahaik girhaaik lokanna lokana",
  MANY: "khoop khupach khupch kupch bharpoor pushkal puskal kityek kitek barech barach barachse khupsare",
  INTEREST: "vicharli vicharnar vicharpus vichaarpus vichaarla vicharale vicharlay vichartoy",
  SCARCE:
    "shevatla shevatli shevtachi shevtla ekach ekch phakt fakta phakta sampla sampli sampala sampalay urla urlay urlele urlela",
  FIRM: "nakki nakkich tharlela tharleli fiks shevatchach shevatchich",
  PRICE: "kimmat kimat kinmat bhav bhaav kimmatila",
  REDUCE: "kamee kamikara kamikar kamikarun kamikarta kamikarnar ghasaghis ghasaghasi savlat savalat sawlat",
  LOSS: "nuksaan nuksan nukasan mudal mudlat mudalat ghetla ghetlela ghetleli ghetlay",
  HARDSHIP:
    "adchanit adachanit adchani dawakhana davakhanyat aushadh aushadhe aushadhi aajari aajaari aajarpan karja kutumb kutumbat dushkal dushkaal",
  MONEY: "rokh rokhi rokad rakkam rakam rupaye paishe",
  APPEAL: "krupya kripa samjunghya samjunghe samajun samjuna madat madatkara vinanti vinanthi",
  NEW: "navinach navach korakarkarit karkarit korach sealband sealbandh",
  LIKE_NEW:
    "navasarkha navasarkhi navyasarkha navyasarkhi navinsarkha kamivaparla kamivaparlela zakas jhakas changala",
  WEAR: "orakhde orkhada orakhade tutli tutle tutleli tutlay phatleli phatlela fatlela cheplela chepla chepli tadkala tadkalela phikat fikat",
  AGE: "junya junach junaat varshe varshanchi varshapasun mahine mahinyanchi mahinyapasun vaparlela vaparleli vaparla",
  WORKS: "chaltay chaltoya chalutay chaluay chaalu chaluch kamkarto kamkartay barobarchalto",
  DEAD: "bighadli bighadle bighadlela bigadlela bighadlay bigadlay bandpadla bandpadlay bandpadlela jalla jallela jalala chalatnahi",
  REPAIR: "durustichi durusticha durustila dhurusti durasti dursti badlaycha badlavla badlavlagel",
  RARITY: "durmeel durmila durmilach kvachit kwachitach kuthech milnarnahi sapdnarnahi",
  FIND: "miltoy milto sapdel sapadel sapdto sapadto sapadla sapdla milala uplabdh upalabdh yetoy",
  DEMAND: "vikto vikato vikalay vikungela vikungele vikunjail vikunjato lokpriya",
  FIRST: "pahili pahilya pahilyanda pahilach paila jopahila",
  ARRIVED: "aalet aalela aaleli aalele aalelay aalya",
  DECIDE:
    "saanga sangaa sangal sangshil sangshila sangta kalvun kalvta tharva tharvaa tharvun tharavla nirnay nirnaay",
  CALM: "aaramaat aramaat sawkash savkaash halluhallu nivaant nivantpane shantpane kaljinaka kaljinako",
  FLEX: "baghuya baghuyat baghtayeil boluya jamvuya kamijast kamijasta hounjail hounjael",
};
